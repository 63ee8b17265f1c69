import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The lowest port handed out: below it are the well-known and registered ports daemons use. */
const LOWEST_PORT = 10_000;
/** Blocks the range is cut into, one per test worker (VITEST_POOL_ID; the main process has block 0). */
const BLOCKS = 32;

/**
 * The ports below the kernel's ephemeral range (`net.ipv4.ip_local_port_range`), where the system never puts an
 * outgoing connection or a `listen(0)` server. A port from the ephemeral range, freed and listened on again later
 * (a test's SMTP server "down" for a while, then back), was taken meanwhile by another test's proxy or by a
 * database connection's local end: EADDRINUSE, or a worker talking to the wrong server.
 */
function portsBelowEphemeralRange(): { from: number; to: number } | null {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    return low && low - LOWEST_PORT >= BLOCKS * 16 ? { from: LOWEST_PORT, to: low } : null;
  } catch {
    return null;
  }
}

const range = portsBelowEphemeralRange();
const block = (() => {
  if (!range) return null;
  const size = Math.floor((range.to - range.from) / BLOCKS);
  const index = Number(process.env.VITEST_POOL_ID ?? 0) % BLOCKS;
  return { from: range.from + index * size, size };
})();
/** Where this process looks next: a random start, so a process that follows another in its block starts elsewhere. */
let next = block ? Math.floor(Math.random() * block.size) : 0;

function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : null));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 (nothing listens on it until a server is started there), from this test worker's own
 * block below the ephemeral range, each port handed out once per process; any free port where no such range exists.
 */
export async function freePort(): Promise<number> {
  if (block) {
    for (let tries = 0; tries < block.size; tries++) {
      const port = block.from + (next++ % block.size);
      const free = await listenOnce(port);
      if (free) return free;
    }
  }
  const any = await listenOnce(0);
  if (!any) throw new Error("no free TCP port on 127.0.0.1");
  return any;
}
