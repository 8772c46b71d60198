import { getHeapStatistics } from "node:v8";
import { parentPort } from "node:worker_threads";
import type { JobAnswer } from "./worker-pool";

/**
 * The worker side of worker-pool.ts: answers each `{ id, input }` with `handle(input)`, one at a time, and the
 * worker's heap size after it (the pool retires a worker past its memory bound). A handler's error is an
 * answer (`ok: false`) with its message, never a crash of the worker. Says `{ ready: true }` first: the pool
 * gives a worker no job (and starts no job's timeout) before, so a worker's start-up and the caller's warm-up
 * (loading its engines before calling this) never count against a job.
 */
export function serveWorkerJobs<In, Out>(handle: (input: In) => Promise<Out> | Out): void {
  const port = parentPort;
  if (!port) throw new Error("serveWorkerJobs runs in a worker thread only");
  port.on("message", async ({ id, input }: { id: number; input: In }) => {
    let answer: JobAnswer<Out>;
    try {
      const output = await handle(input);
      answer = { id, ok: true, output, heapBytes: getHeapStatistics().used_heap_size };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      answer = { id, ok: false, error: message, heapBytes: getHeapStatistics().used_heap_size };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true });
}
