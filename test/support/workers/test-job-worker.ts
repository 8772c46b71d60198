import { serveWorkerJobs } from "../../../src/lib/serve-worker-jobs";

/** A worker for test/integration/lib/worker-pool.test.ts: each job says what the worker should do. */
export type TestJob =
  | { kind: "echo"; value: string }
  | { kind: "spin"; ms: number }
  | { kind: "grow"; mb: number }
  | { kind: "throw" }
  | { kind: "exit" }
  | { kind: "pid" };

const kept: unknown[] = [];

serveWorkerJobs((job: TestJob) => {
  switch (job.kind) {
    case "echo":
      return job.value;
    case "spin": {
      // Busy, as a chart is: the worker answers nothing until done.
      const until = Date.now() + job.ms;
      while (Date.now() < until) {}
      return "spun";
    }
    case "grow":
      // Kept: the heap stays this much bigger after the job (arrays of numbers, 8 bytes each).
      for (let i = 0; i < job.mb; i++) kept.push(new Array(128 * 1024).fill(i + 0.5));
      return `kept ${kept.length} MB`;
    case "throw":
      throw new Error("the job failed on purpose");
    case "pid":
      return String(process.pid);
    case "exit":
      process.exit(3);
  }
});
