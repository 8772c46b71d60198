import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PoolWorker } from "./worker-pool";

export interface SpawnModuleProcessOptions {
  /** V8's old-generation limit in the process (`--max-old-space-size`): the hard stop during a job. */
  maxOldGenerationSizeMb?: number;
  /**
   * Scheduling priority of the process (0 to 19, higher is lower priority): on a machine whose cores are
   * busy, the kernel runs the bot's own threads (acknowledgements, alerts) before this one's work.
   */
  nice?: number;
  /**
   * Takes the process's stderr instead of the parent's stderr getting it: for a caller that expects the
   * process to crash (a test that exhausts its heap on purpose) and checks what it said.
   */
  onStderr?: (chunk: Buffer) => void;
}

/**
 * Starts a child process on a module that is bundled as its own file (`npm run build` writes dist/<name>.js
 * next to dist/main.js, tools/build.ts) or, when run from source (tsx: dev, tests, benches), on its
 * TypeScript file with tsx's loader (a devDependency: a production install has the bundle). The process talks
 * to its parent over the IPC channel (advanced serialisation: a PNG crosses as bytes, not JSON), so it is a
 * worker-pool.ts worker.
 *
 * A process, not a thread: a thread's native memory (a rasteriser's, glibc's arenas) stays in the
 * bot's RSS after the thread ends, while an ended process returns all of it, and its own RSS is a bound the
 * pool can measure; the kernel can also give it a lower priority than the bot's event loop.
 */
export function spawnModuleProcess(
  bundled: URL,
  source: URL,
  options: SpawnModuleProcessOptions = {},
): PoolWorker {
  const fromSource = !existsSync(bundled);
  const execArgv = [
    ...(options.maxOldGenerationSizeMb ? [`--max-old-space-size=${options.maxOldGenerationSizeMb}`] : []),
    ...(fromSource ? ["--import", tsxLoader()] : []),
  ];
  const child = fork(fileURLToPath(fromSource ? source : bundled), [], {
    execArgv,
    serialization: "advanced",
    // Its stdout has nothing to say; a crash's stack goes to the bot's stderr, next to its log.
    stdio: ["ignore", "ignore", options.onStderr ? "pipe" : "inherit", "ipc"],
  });
  if (options.onStderr) child.stderr?.on("data", options.onStderr);
  if (options.nice !== undefined && child.pid !== undefined) {
    try {
      setPriority(child.pid, options.nice);
    } catch {
      // A platform that refuses a lower priority still draws; only the ordering under load is lost.
    }
  }
  return processWorker(child);
}

/** A child process seen as a worker thread (the part of `Worker` that worker-pool.ts uses). */
function processWorker(child: ChildProcess): PoolWorker {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const worker: PoolWorker = {
    postMessage: (message) => {
      if (child.connected) child.send(message as object);
    },
    on: (event: "message" | "error" | "exit", listener: (arg: never) => void) => {
      child.on(event, listener as (...args: unknown[]) => void);
      return worker;
    },
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
    terminate: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  return worker;
}

/** tsx's loader (`--import tsx`), as a file URL: found from this package, whatever the child's working directory. */
function tsxLoader(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, unknown> };
  const entry = exports["."];
  if (typeof entry !== "string")
    throw new Error("tsx has no loader export: a process cannot run TypeScript from source");
  return new URL(entry, pathToFileURL(manifest)).href;
}
