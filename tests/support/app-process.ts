import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { HEALTH_PATH } from "../../server/health.ts";
import { WORKERS_READY_MESSAGE } from "../../server/worker-ready.ts";

/**
 * Starting the shop's own processes (server/start.ts, server/worker.ts) and knowing when they are ready, for the
 * suite's global setup and the benches alike: one way to wait, on the signals the processes define themselves
 * (server/health.ts, server/worker-ready.ts), failing with the reason and the process's output when they do not come.
 */

const root = path.resolve(import.meta.dirname, "../..");
/** The last part of a process's output kept for an error message. */
const OUTPUT_KEPT = 8_000;

/** Builds the app for production into `buildDir` (the suite's build-test/, the benches' build-bench/). */
export function buildApp(buildDir: string): void {
  try {
    execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
    throw new Error(`The app build failed:\n${stderr.slice(0, 4000)}`);
  }
}

export type AppProcess = {
  child: ChildProcess;
  pid: number;
  /** What the process printed so far (stdout and stderr, the last few KB). */
  output(): string;
  /** SIGTERM, then resolves once it exited. */
  stop(): Promise<void>;
};

type StartOptions = {
  /** What the process is called in error messages: "the app server", "the fulfilment worker". */
  label: string;
  env: NodeJS.ProcessEnv;
  /** How long it may take to become ready before it is stopped and the start fails. */
  timeoutMs: number;
  /** Flags for node itself, e.g. --cpu-prof to profile the server under load. */
  nodeArgs?: string[];
  /** Echo the output with this prefix as it comes (a debugging aid). */
  echoPrefix?: string;
};

function spawnScript(script: string, options: StartOptions): AppProcess {
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, script)], {
    cwd: root,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
    if (options.echoPrefix) process.stdout.write(`${options.echoPrefix} ${chunk}`);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return {
    child,
    pid: child.pid ?? 0,
    output: () => output,
    stop: () => stopProcess(child),
  };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function exitedText(child: ChildProcess): string {
  return child.signalCode ? `was killed (${child.signalCode})` : `exited (${child.exitCode})`;
}

/** Rejects, after stopping the process, with what went wrong and what the process printed. */
async function failStart(started: AppProcess, reason: string): Promise<never> {
  await started.stop();
  const output = started.output().trim();
  throw new Error(`${reason}${output ? `; its output:\n${output}` : " (it printed nothing)"}`);
}

/**
 * Polls `url`'s health path until it answers 200; fails when the process exits first or the time runs out.
 * `started` may be any process that serves the shop's HTTP at `url` (server/start.ts, or a stand-in in a test).
 */
export async function waitUntilHealthy(started: AppProcess, url: string, options: StartOptions) {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null)
      return failStart(
        started,
        `${options.label} ${exitedText(started.child)} before it answered ${HEALTH_PATH}`,
      );
    try {
      const response = await fetch(`${url}${HEALTH_PATH}`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet (or too busy to answer within 5 s): ask again until the deadline.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return failStart(
    started,
    `${options.label} at ${url} did not answer ${HEALTH_PATH} with 200 within ${options.timeoutMs / 1000} s`,
  );
}

/** Starts `script` (server/start.ts unless told otherwise) and resolves once it answers its health path at `url`. */
export async function startAppProcess(
  url: string,
  options: StartOptions & { script?: string },
): Promise<AppProcess> {
  const started = spawnScript(options.script ?? "server/start.ts", options);
  await waitUntilHealthy(started, url, options);
  return started;
}

/**
 * Starts the worker process (server/worker.ts unless told otherwise, what `npm run worker` runs) and resolves once
 * it printed WORKERS_READY_MESSAGE, its own words for "listening for work".
 */
export async function startWorkerProcess(options: StartOptions & { script?: string }): Promise<AppProcess> {
  const started = spawnScript(options.script ?? "server/worker.ts", options);
  const outcome = await new Promise<"ready" | "exited" | "timeout">((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
    const settle = (result: "ready" | "exited") => {
      clearTimeout(timer);
      resolve(result);
    };
    started.child.stdout?.on("data", () => {
      if (started.output().includes(WORKERS_READY_MESSAGE)) settle("ready");
    });
    started.child.once("exit", () => settle("exited"));
  });
  if (outcome === "ready") return started;
  return failStart(
    started,
    outcome === "exited"
      ? `${options.label} ${exitedText(started.child)} before it said "${WORKERS_READY_MESSAGE}"`
      : `${options.label} did not say "${WORKERS_READY_MESSAGE}" within ${options.timeoutMs / 1000} s`,
  );
}
