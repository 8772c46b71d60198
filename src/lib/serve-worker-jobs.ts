import { getHeapStatistics } from "node:v8";
import type { JobAnswer } from "./worker-pool";

/**
 * The worker side of worker-pool.ts, in a child process (spawn-module-process.ts): answers each
 * `{ id, input }` with `handle(input)`, one at a time, with the process's heap size and RSS after it (the
 * pool retires a worker past its memory bounds). A handler's error is an answer (`ok: false`) with its
 * message, never a crash of the worker. Says `{ ready: true }` first: the pool gives a worker no job (and
 * starts no job's timeout) before, so a worker's start-up and the caller's warm-up (loading its engines before
 * calling this) never count against a job. Ends when its parent goes (the IPC channel closes), even if the
 * parent was killed.
 */
export function serveWorkerJobs<In, Out>(handle: (input: In) => Promise<Out> | Out): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error("serveWorkerJobs runs in a child process started with an IPC channel only");
  const answer = (message: JobAnswer<Out> | { ready: true }) => {
    if (process.connected) send(message);
  };
  process.on("disconnect", () => process.exit(0));
  process.on("message", async ({ id, input }: { id: number; input: In }) => {
    const memory = () => ({
      heapBytes: getHeapStatistics().used_heap_size,
      rssBytes: process.memoryUsage.rss(),
    });
    try {
      const output = await handle(input);
      answer({ id, ok: true, output, ...memory() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      answer({ id, ok: false, error: message, ...memory() });
    }
  });
  answer({ ready: true });
}
