import type { Database } from "../../db/client.server.ts";
import { DatabaseListener, WORKER_LISTEN_TIMEOUT_MS } from "../../lib/database-listener.server.ts";
import { FULFILMENT_DUE_CHANNEL } from "./order-delivery-sql.server.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { loadProviders, type ProviderRow } from "./provider-transport.server.ts";
import { SubmissionRecorder } from "./record-submissions.server.ts";
import { claimDueSubmissions, type Fulfilment, submitClaimed } from "./submit-fulfilments.server.ts";

export type PumpOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  concurrencyPerProvider: number;
  afterAdd?: () => void;
  /** Where a part that failed for good is reported. */
  outcomes: PartOutcomes;
};

/** Providers are read again at most this often (an admin's edit reaches the pump within it). */
const PROVIDERS_MAX_AGE_MS = 5_000;

/** A counting semaphore: at most `size` tasks at once. */
class Limit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }
  async run(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Sends new submissions the moment they are committed (docs/decisions/010): the statement that stores an order
 * NOTIFYs `fulfilment_due`; this process LISTENs and keeps lanes busy taking due submissions from PostgreSQL
 * (claimed in small batches, FOR UPDATE SKIP LOCKED) and sending them, at most `concurrencyPerProvider`
 * requests in flight per provider. Several processes may pump at once: the claims keep them apart.
 */
export class SubmissionPump {
  private readonly lanes: number;
  private active = 0;
  private queue: Fulfilment[] = [];
  private claiming: Promise<void> | null = null;
  private readonly limits = new Map<string, Limit>();
  private providers: { at: number; byId: Map<string, ProviderRow> } | null = null;
  private listener: DatabaseListener | null = null;
  private stopped = false;
  private rewake = false;
  private readonly db: Database;
  private readonly options: PumpOptions;
  private readonly recorder: SubmissionRecorder;

  constructor(db: Database, options: PumpOptions) {
    this.db = db;
    this.options = options;
    this.recorder = new SubmissionRecorder(db, { pollSeconds: options.pollSeconds });
    this.lanes = options.concurrencyPerProvider * 2;
  }

  /**
   * Starts listening for new submissions; resolves once the LISTEN is in place (or, if the database is away, after
   * WORKER_LISTEN_TIMEOUT_MS: the rounds take over until it is), with its lanes woken for whatever is due.
   */
  async start(connectionString: string): Promise<void> {
    if (this.stopped || this.listener) return;
    const listener = new DatabaseListener({
      name: "fulfilment",
      channels: [FULFILMENT_DUE_CHANNEL],
      connectionString: () => connectionString,
      onNotification: () => this.wake(),
      // First LISTEN or after a lost connection: whatever was committed meanwhile is still due in the table.
      onReady: () => this.wake(),
    });
    this.listener = listener;
    listener.start();
    if ((await listener.whenReady(WORKER_LISTEN_TIMEOUT_MS)) || this.stopped) return;
    console.error(
      `fulfilment pump: not listening after ${WORKER_LISTEN_TIMEOUT_MS} ms; starting anyway (the rounds wake it)`,
    );
    this.wake();
  }

  /** Takes whatever is due now (also called by the worker's rounds, for retries that came due). */
  wake(): void {
    if (this.stopped) return;
    // Lanes that are draining will look again before they stop.
    this.rewake = true;
    while (this.active < this.lanes) {
      this.active++;
      void this.lane().finally(() => this.active--);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.stop();
    while (this.active > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.recorder.flush();
  }

  private async lane(): Promise<void> {
    try {
      for (;;) {
        const row = await this.next();
        if (!row) {
          // A notification arrived while this lane found nothing: look again rather than miss it.
          if (this.rewake && !this.stopped) continue;
          return;
        }
        const provider = await this.provider(row.providerId);
        if (!provider) continue;
        let limit = this.limits.get(provider.id);
        if (!limit) {
          limit = new Limit(this.options.concurrencyPerProvider);
          this.limits.set(provider.id, limit);
        }
        await limit.run(() =>
          submitClaimed(this.db, provider, row, { ...this.options, recorder: this.recorder }),
        );
      }
    } catch (error) {
      console.error(`fulfilment submission failed: ${(error as Error).stack ?? error}`);
    }
  }

  private async next(): Promise<Fulfilment | null> {
    if (this.stopped) return null;
    if (this.queue.length === 0) {
      this.claiming ??= this.claim().finally(() => {
        this.claiming = null;
      });
      await this.claiming;
    }
    return this.queue.shift() ?? null;
  }

  private async claim(): Promise<void> {
    this.rewake = false;
    this.queue.push(...(await claimDueSubmissions(this.db, this.lanes * 2, this.options.leaseSeconds)));
  }

  /** A provider from a short cache, read again when it is old or does not know the provider (just added). */
  private async provider(providerId: string): Promise<ProviderRow | undefined> {
    const fresh = this.providers && Date.now() - this.providers.at <= PROVIDERS_MAX_AGE_MS;
    if (!fresh || !this.providers?.byId.has(providerId))
      this.providers = { at: Date.now(), byId: await loadProviders(this.db) };
    return this.providers.byId.get(providerId);
  }
}
