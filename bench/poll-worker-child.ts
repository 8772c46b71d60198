import { spawn } from "node:child_process";
import type { PollWorkerReport } from "./poll-worker-process";

/**
 * Runs a compiled bench/poll-worker-process.ts (this tree's or another build's) as its own process, with
 * `nodeArgs` before the file and `env` over this process's; its report is the last line it prints.
 */
export function runPollWorker(
  file: string,
  nodeArgs: readonly string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<PollWorkerReport> {
  const child = spawn(process.execPath, [...nodeArgs, file], {
    ...(cwd ? { cwd } : {}),
    stdio: ["ignore", "pipe", "inherit"],
    // The worker's Redis is the one the caller names, never a cluster seed list this shell happens to hold.
    env: { ...process.env, REDIS_CLUSTER_NODES: "", ...env },
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`poll worker ${file} exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1)!) as PollWorkerReport);
    });
  });
}
