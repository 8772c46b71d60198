import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../dev/local-redis";
import { botCommand } from "./bot-command";

const root = new URL("../../", import.meta.url).pathname;
/** Where the children's logs go (ignored by git). */
export const TEST_OUTPUT_DIR = join(root, "test-output");

export interface BotProcess {
  name: string;
  port: number;
  /** METRICS_PORT: `/metrics` and `/readyz`. */
  metricsPort: number;
  pid: number;
  /** test-output/<name>.log: the child's stdout and stderr (pino JSON lines), written as they come. */
  logFile: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exit: Promise<number | null>;
  exited(): boolean;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** SIGKILL: no drain, leases and pending outbox entries are left behind. */
  kill(): Promise<void>;
  /** SIGTERM: the bot drains and exits; resolves with the exit code. */
  terminate(): Promise<number | null>;
  /** GET /metrics as text. */
  metrics(): Promise<string>;
  /** Every log line parsed (JSON lines only). */
  logs(): Record<string, unknown>[];
}

export interface StartBotProcessOptions {
  name: string;
  /** The bot's environment (PORT is added); nothing else is inherited but PATH and HOME. */
  env: Record<string, string>;
  port?: number;
  /** How long to wait for GET /healthz (default 60 s: several children compile TypeScript at once). */
  healthTimeoutMs?: number;
  /**
   * Run a build instead of the sources: `node <nodeFlags> <main>` (bench/compiled.ts gives what `npm start`
   * runs). Tests run the sources; the benches measure the build.
   */
  compiled?: { main: string; nodeFlags: string[] };
}

/** The bot stopped at start-up because a port it was given was taken meanwhile. */
class PortTakenError extends Error {}

/**
 * `npm start` as a child process (`tsx src/main.ts`, without npm's banner and tsx's wrapper process), as
 * each replica of a deployment runs it; `pid` is the bot's own. Its output goes to test-output/<name>.log so that a failing run can be read.
 */
export async function startBotProcess(options: StartBotProcessOptions): Promise<BotProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startBotProcessOnce(options);
    } catch (error) {
      // A free port is a guess (dev/local-redis.ts, freePort): another process may bind it first; new ports then.
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
    }
  }
}

async function startBotProcessOnce(options: StartBotProcessOptions): Promise<BotProcess> {
  const port = options.port ?? (await freePort());
  const metricsPort = await freePort();
  mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  const logFile = join(TEST_OUTPUT_DIR, `${options.name}.log`);
  // One file per name and run: a new start replaces the previous run's log.
  const log: WriteStream = createWriteStream(logFile, { flags: "w" });
  // `node --import tsx src/main.ts` is what `tsx src/main.ts` runs, minus tsx's wrapper process: a SIGKILL
  // of the wrapper would leave the bot itself running as an orphan, and /proc readings would be the wrapper's.
  const source = botCommand();
  const { command, args, cwd } = options.compiled
    ? { ...source, args: [...options.compiled.nodeFlags, options.compiled.main] }
    : source;
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...options.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let exitCode: number | null | undefined;
  const exit = once(child, "exit").then(([code]) => {
    exitCode = code as number | null;
    log.end();
    return exitCode;
  });
  const url = `http://127.0.0.1:${port}`;
  const bot: BotProcess = {
    name: options.name,
    port,
    metricsPort,
    pid: child.pid ?? -1,
    logFile,
    exit,
    exited: () => exitCode !== undefined,
    url,
    async kill() {
      if (exitCode === undefined) child.kill("SIGKILL");
      await exit;
    },
    async terminate() {
      if (exitCode === undefined) child.kill("SIGTERM");
      return exit;
    },
    async metrics() {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (response.status !== 200) throw new Error(`${options.name} /metrics answered ${response.status}`);
      return response.text();
    },
    logs() {
      return readFileSync(logFile, "utf8")
        .split("\n")
        .flatMap((line) => {
          if (!line.startsWith("{")) return [];
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
    },
  };
  try {
    await waitUntilHealthy(bot, options.healthTimeoutMs ?? 60_000);
  } catch (error) {
    await bot.kill();
    throw error;
  }
  return bot;
}

async function waitUntilHealthy(bot: BotProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (bot.exited()) {
      const tail = readFileSync(bot.logFile, "utf8").slice(-2000);
      const ErrorType = tail.includes("EADDRINUSE") ? PortTakenError : Error;
      throw new ErrorType(`${bot.name} exited before it was healthy; its log ends with:\n${tail}`);
    }
    try {
      if ((await fetch(`${bot.url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${bot.name} was not healthy within ${timeoutMs} ms (log: ${bot.logFile})`);
}

/** The value of a Prometheus counter/gauge summed over every label set (0 when absent). */
export function metricTotal(text: string, name: string, labelFilter?: RegExp): number {
  let total = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith("{") || rest.startsWith(" "))) continue;
    if (labelFilter && !labelFilter.test(rest)) continue;
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    if (Number.isFinite(value)) total += value;
  }
  return total;
}
