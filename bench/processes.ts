/**
 * The child processes of the benches: each program under measurement runs on its own event loop, and its
 * CPU and memory are read from /proc by pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "../dev/local-redis";
import { sleep } from "../src/lib/backoff";

const root = new URL("../", import.meta.url).pathname;
const OUTPUT_TAIL = 4000;

export interface Child {
  process: ChildProcess;
  /** The program's own pid (see startChild), for /proc readings. */
  pid: number;
  /** The last few thousand characters of its stdout and stderr, for error messages. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `node --import tsx <args>` in the repository's root. Not the tsx CLI: that runs the program in a second
 * node process under its own, so its pid would be the wrapper's, not the one to measure. Besides `env` only
 * PATH and HOME are passed on, so that the shell's settings do not change what is measured. `echoStderr`
 * copies the child's stderr here as it comes (a crash during a run is then seen at once).
 */
export function startChild(
  args: string[],
  env: Record<string, string>,
  options: { echoStderr?: boolean } = {},
): Child {
  return startNodeChild(["--import", "tsx", ...args], env, options);
}

/** `node <nodeArgs>` in the repository's root, as startChild (a compiled program: no tsx). */
export function startNodeChild(
  nodeArgs: string[],
  env: Record<string, string>,
  options: { echoStderr?: boolean } = {},
): Child {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", (chunk: Buffer) => {
    keep(chunk);
    if (options.echoStderr) process.stderr.write(chunk);
  });
  return {
    process: child,
    pid: child.pid ?? -1,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Waits until `url` answers 2xx; fails early, with the child's output, when the child exits first. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null)
      throw new Error(`child exited with ${child.process.exitCode}: ${child.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs} ms: ${child.output()}`);
    await sleep(100);
  }
}

/**
 * The simulator (`dev/simulator/cli.ts`) in a child process on a free port, without automatic checks, once
 * it answers its health route. `latencyMs`: the delay of every API answer (a remote API's), default none.
 */
export async function startSimulatorProcess(options: {
  seed: "demo" | "empty";
  latencyMs?: number;
}): Promise<{ url: string; child: Child }> {
  const port = await freePort();
  const args = ["dev/simulator/cli.ts", "--port", String(port), "--seed", options.seed, "--no-auto-checks"];
  if (options.latencyMs !== undefined) args.push("--latency-ms", String(options.latencyMs));
  const child = startChild(args, { LOG_LEVEL: "error" }, { echoStderr: true });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/__simulator/health`, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child };
}

/**
 * One of bench/reference-app.ts's apps (`flag`: --noop, --floor, ...), built as the bot is (bench/compiled.ts),
 * on a free port; `env` says where Slack, the API and Redis are. Not waited for: see waitForHttp.
 */
export async function startReferenceApp(
  compiled: { nodeFlags: string[]; referenceApp: string },
  flag: string,
  env: Record<string, string>,
): Promise<{ child: Child; pid: number; url: string }> {
  const port = await freePort();
  const child = startNodeChild([...compiled.nodeFlags, compiled.referenceApp, flag], {
    PORT: String(port),
    ...env,
  });
  return { child, pid: child.pid, url: `http://127.0.0.1:${port}` };
}
