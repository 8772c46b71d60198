import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnRedisServer, spawnRedisServerOnFreePort } from "../../dev/local-redis";

export interface RestartableRedis {
  url: string;
  port: number;
  /** Ends the server (SIGTERM: it flushes the append-only file) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory, and waits until it answers. */
  start(): Promise<void>;
  /** stop() then start(); resolves with how long Redis was away (ms). */
  restart(): Promise<number>;
  /** Ends the server for good and deletes its data directory. */
  close(): Promise<void>;
}

/**
 * A private redis-server that can be stopped and started again on the SAME port, keeping its data.
 *
 * startPrivateRedis (dev/local-redis.ts) runs without persistence, so a restart there would lose
 * every subscription, poll state and outbox entry. A real deployment keeps its Redis data across a
 * restart, and that is what a failover test must model: here the server runs with the append-only file
 * (`appendfsync always`: every write is on disk before the reply, so nothing acknowledged is lost) in a
 * temporary directory that survives the restart.
 */
export async function startRestartableRedis(port?: number): Promise<RestartableRedis> {
  const dir = mkdtempSync(join(tmpdir(), "uptime-chatops-failover-redis-"));
  const args = ["--appendonly", "yes", "--appendfsync", "always"];
  let child: ChildProcess | null = null;
  let chosen = port ?? 0;

  const start = async () => {
    if (child && child.exitCode === null) return;
    // A failed start (e.g. the port still in TIME_WAIT right after a stop) throws; the caller decides.
    child = await spawnRedisServer(chosen, dir, args);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGTERM");
    await exited;
  };

  try {
    // The first start may choose again when its free port was taken meanwhile; restarts keep the port.
    if (port === undefined) ({ port: chosen, child } = await spawnRedisServerOnFreePort(dir, args));
    else await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    start,
    stop,
    async restart() {
      const t0 = Date.now();
      await stop();
      await start();
      return Date.now() - t0;
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
