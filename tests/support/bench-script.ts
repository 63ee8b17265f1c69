import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The suite's build (tests/support/global-setup.ts builds it before the HTTP project's files run). */
export const SUITE_BUILD_DIR = process.env.TEST_BUILD_DIR ?? "build-test";

/**
 * Runs a bench or audit script (scripts/...) as `npm run` would, with `env` on top of the test's environment and
 * the suite's build, goals as warnings unless `env` says otherwise; resolves with its exit code and output once it
 * ended, or rejects when it is still running after `timeoutMs` (after killing it).
 */
export function runBenchScript(
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(process.execPath, [path.join(root, script)], {
      cwd: root,
      env: { ...process.env, BENCH_BUILD_DIR: SUITE_BUILD_DIR, BENCH_GOALS: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} still ran after ${timeoutMs / 1000} s:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
