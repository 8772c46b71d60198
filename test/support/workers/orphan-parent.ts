import { spawnModuleProcess } from "../../../src/lib/spawn-module-process";
import { WorkerPool } from "../../../src/lib/worker-pool";
import type { TestJob } from "./test-job-worker";

/**
 * A parent for test/integration/lib/worker-pool.test.ts: starts a worker process, prints its pid once it
 * answered, and waits to be killed (the test sends SIGKILL, so no close() runs).
 */
const source = new URL("./test-job-worker.ts", import.meta.url);
const pool = new WorkerPool<TestJob, string>({
  spawn: (limits) => spawnModuleProcess(new URL("./test-job-worker.js", import.meta.url), source, limits),
  size: 1,
  maxQueue: 1,
  timeoutMs: 10_000,
  maxHeapMb: 256,
  idleMs: 600_000,
});
console.log(`worker ${await pool.run({ kind: "pid" })}`);
setInterval(() => {}, 60_000);
