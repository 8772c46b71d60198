import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LocalRedis {
  url: string;
  /** True when this process started the server (and `stop` will end it). */
  owned: boolean;
  /** The server's process id when this process started it (benchmarks read its CPU). */
  pid?: number;
  stop(): Promise<void>;
}

export const REDIS_MISSING_MESSAGE =
  "No Redis answered at REDIS_URL and no redis-server is on PATH: install Redis (e.g. `apt-get install redis-server`) or set REDIS_URL to a running server.";

/** Sends PING over a raw socket so that a missing server costs one refused connect, not reconnect noise. */
export function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.resolve(false);
  }
  const port = Number(parsed.port || 6379);
  const host = parsed.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1";
  const auth = parsed.password
    ? `AUTH ${parsed.username ? `${decodeURIComponent(parsed.username)} ` : ""}${decodeURIComponent(parsed.password)}\r\n`
    : "";
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let buffer = "";
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on("connect", () => socket.write(`${auth}PING\r\n`));
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      if (buffer.includes("+PONG")) done(true);
      else if (buffer.startsWith("-")) done(false);
    });
    socket.on("error", () => done(false));
  });
}

// Linux's default ip_local_port_range is 32768-60999: every outgoing connection of a test run (thousands, to Redis,
// the simulator, fake Slack) takes its source port from there, and `listen(0)` hands out ports from the same range,
// so a port found free that way can be some socket's source port by the time a child process listens on it (CI saw
// a bot stop on EADDRINUSE). Ports below that range are only ever taken by a listener that asked for them.
const LISTEN_PORT_MIN = 20_000;
const LISTEN_PORT_MAX = 32_767;
/** Ports this process has handed out: two calls in a row must not name the same port before either is bound. */
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    // No host: the dual-stack wildcard, so a port held on 127.0.0.1, ::1 or any address counts as taken.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on now, for a child process to listen on; still a guess (another process may take it
 * first), so callers that start a listener retry on EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LISTEN_PORT_MIN + Math.floor(Math.random() * (LISTEN_PORT_MAX - LISTEN_PORT_MIN + 1));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port found between ${LISTEN_PORT_MIN} and ${LISTEN_PORT_MAX} after 50 tries`);
}

let redisServerFound = false;

/** Asked once per process when found (a restart should not pay for a `redis-server --version` each time). */
function redisServerOnPath(): boolean {
  if (!redisServerFound) {
    redisServerFound = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
  }
  return redisServerFound;
}

/** A redis-server that could not listen because another process holds its port (a free port is a guess). */
export class RedisPortTakenError extends Error {}

function logTail(file: string): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-3).join(" | ");
  } catch {
    return "";
  }
}

/**
 * Spawns a redis-server on 127.0.0.1:`port` with its files in `dir` and no RDB snapshots, and waits until
 * it answers (at most 10 s; a server that exits or does not answer is killed and reported with the last
 * lines of its log, `dir`/redis.log). `extraArgs` are appended (the persistence options). Throws
 * REDIS_MISSING_MESSAGE when redis-server is not on PATH, and RedisPortTakenError when the port (or a
 * cluster bus port in `extraArgs`) was taken between choosing it and binding it, so a caller that chose
 * the port can choose another.
 */
export async function spawnRedisServer(
  port: number,
  dir: string,
  extraArgs: readonly string[] = [],
): Promise<ChildProcess> {
  if (!redisServerOnPath()) throw new Error(REDIS_MISSING_MESSAGE);
  const logfile = join(dir, "redis.log");
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--logfile",
      logfile,
      "--save",
      "",
      ...extraArgs,
    ],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url, 200))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const tail = logTail(logfile);
      const message = `redis-server did not start on port ${port}${tail ? `: ${tail}` : ""}`;
      throw /address already in use/i.test(tail) ? new RedisPortTakenError(message) : new Error(message);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

/** spawnRedisServer on a free port, choosing another when the chosen one was taken meanwhile (3 tries). */
export async function spawnRedisServerOnFreePort(
  dir: string,
  extraArgs: readonly string[] = [],
): Promise<{ port: number; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { port, child: await spawnRedisServer(port, dir, extraArgs) };
    } catch (err) {
      if (!(err instanceof RedisPortTakenError) || attempt >= 3) throw err;
    }
  }
}

/** Starts a throw-away redis-server (no persistence) on a free port and waits until it answers. */
export async function startPrivateRedis(port?: number): Promise<LocalRedis> {
  if (!redisServerOnPath()) throw new Error(REDIS_MISSING_MESSAGE);
  const dir = mkdtempSync(join(tmpdir(), "uptime-chatops-redis-"));
  const args = ["--appendonly", "no"];
  let child: ChildProcess;
  let chosen: number;
  try {
    if (port === undefined) ({ port: chosen, child } = await spawnRedisServerOnFreePort(dir, args));
    else {
      chosen = port;
      child = await spawnRedisServer(port, dir, args);
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `redis://127.0.0.1:${chosen}`;
  return {
    url,
    owned: true,
    ...(child.pid !== undefined ? { pid: child.pid } : {}),
    stop: () =>
      new Promise<void>((resolve) => {
        const finish = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return finish();
        child.once("exit", finish);
        child.kill("SIGTERM");
      }),
  };
}

/** REDIS_URL (or the default local server) when it answers, else a private redis-server, else a clear error. */
export async function resolveRedis(url = "redis://127.0.0.1:6379"): Promise<LocalRedis> {
  if (await redisAnswers(url)) return { url, owned: false, stop: async () => {} };
  return startPrivateRedis();
}
