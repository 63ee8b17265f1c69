/**
 * One read shared by everyone who asks while it is under way, yet never older than the asking: a caller gets a
 * read that started after it asked. When a read is running, later callers wait for the next one, which starts as
 * soon as the running one ends and serves them all. Under load that is one read per round trip to PostgreSQL
 * rather than one per request, and a change committed before a request arrived is always seen by it.
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private next: Promise<T> | null = null;
  private readonly read: () => Promise<T>;

  constructor(read: () => Promise<T>) {
    this.read = read;
  }

  get(): Promise<T> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<T> {
    const reading = this.read().finally(() => {
      if (this.running === reading) this.running = null;
    });
    this.running = reading;
    return reading;
  }
}
