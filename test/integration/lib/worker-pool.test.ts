// lib/worker-pool.ts with real worker processes (test/support/workers/test-job-worker.ts, started from source
// the way the chart worker is under tsx): bounded queue, per-job timeout, replacement after a memory bound
// or a crash, and a clean close.
import { spawn } from "node:child_process";
import { getPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spawnModuleProcess } from "../../../src/lib/spawn-module-process";
import { WorkerPool, type WorkerPoolOptions, WorkRefused } from "../../../src/lib/worker-pool";
import { chartSkippedText } from "../../../src/ui/charts/chart-skipped";
import type { TestJob } from "../../support/workers/test-job-worker";

const SOURCE = new URL("../../support/workers/test-job-worker.ts", import.meta.url);
// No bundled file exists: the source path is the one taken.
const BUNDLED = new URL("../../support/workers/test-job-worker.js", import.meta.url);

const ORPHAN_PARENT = new URL("../../support/workers/orphan-parent.ts", import.meta.url);
const NEVER_READY = new URL("../../support/workers/never-ready-worker.ts", import.meta.url);
const NEVER_READY_BUNDLED = new URL("../../support/workers/never-ready-worker.js", import.meta.url);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pools: WorkerPool<TestJob, string>[] = [];
function pool(options: Partial<WorkerPoolOptions> = {}) {
  const p = new WorkerPool<TestJob, string>({
    spawn: (limits) => spawnModuleProcess(BUNDLED, SOURCE, limits),
    size: 1,
    maxQueue: 4,
    timeoutMs: 10_000,
    maxHeapMb: 256,
    ...options,
  });
  pools.push(p);
  return p;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkRefused);
  return (error as WorkRefused).reason;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("WorkerPool", () => {
  it("runs jobs on a worker started on the first job", async () => {
    const p = pool({ size: 2 });
    expect(p.stats().workers).toBe(0);
    const answers = await Promise.all(["a", "b", "c"].map((value) => p.run({ kind: "echo", value })));
    expect(answers).toEqual(["a", "b", "c"]);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0, replaced: 0 });
  });

  it("refuses a job at once when the queue is full, and still runs the ones it took", async () => {
    const p = pool({ maxQueue: 2 });
    // A started worker takes the first job at once; the next two wait.
    await p.run({ kind: "echo", value: "started" });
    const running = p.run({ kind: "spin", ms: 300 });
    const waiting = [p.run({ kind: "echo", value: "1" }), p.run({ kind: "echo", value: "2" })];
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2 });
    expect(await refusal(p.run({ kind: "echo", value: "3" }))).toBe("busy");
    expect(await Promise.all([running, ...waiting])).toEqual(["spun", "1", "2"]);
  });

  it("refuses a job past its timeout, ends its worker, and runs the next job on a new one", async () => {
    const p = pool({ timeoutMs: 200 });
    const slow = p.run({ kind: "spin", ms: 5_000 });
    const next = p.run({ kind: "echo", value: "after" });
    expect(await refusal(slow)).toBe("timeout");
    expect(await next).toBe("after");
    expect(p.stats()).toMatchObject({ workers: 1, replaced: 1 });
  });

  it("replaces a worker whose heap grew past the bound after its job", async () => {
    const p = pool({ maxHeapMb: 40 });
    expect(await p.run({ kind: "grow", mb: 10 })).toBe("kept 10 MB");
    expect(p.stats()).toMatchObject({ workers: 1, replaced: 0 });
    // 10 + 40 MB of numbers: past the 40 MB bound, under V8's hard limit (2 x 40 MB of old generation).
    expect(await p.run({ kind: "grow", mb: 40 })).toBe("kept 50 MB");
    expect(p.stats()).toMatchObject({ workers: 0, replaced: 1 });
    // A new worker: its heap starts empty again.
    expect(await p.run({ kind: "grow", mb: 1 })).toBe("kept 1 MB");
  });

  it("replaces a worker process whose RSS grew past its bound after a job (native memory is not in the heap)", async () => {
    const p = pool({ maxRssMb: 10_000 });
    await p.run({ kind: "echo", value: "x" });
    expect(p.stats()).toMatchObject({ workers: 1, replaced: 0 });
    const tight = pool({ maxRssMb: 20 });
    // No Node process runs in 20 MB: the first answer's RSS retires its worker.
    expect(await tight.run({ kind: "echo", value: "y" })).toBe("y");
    expect(tight.stats()).toMatchObject({ workers: 0, replaced: 1 });
  });

  it("runs its workers at the priority it is given, below the caller's", async () => {
    const p = new WorkerPool<TestJob, string>({
      spawn: (limits) => spawnModuleProcess(BUNDLED, SOURCE, { ...limits, nice: 7 }),
      size: 1,
      maxQueue: 1,
      timeoutMs: 10_000,
      maxHeapMb: 256,
    });
    pools.push(p);
    const pid = Number(await p.run({ kind: "pid" }));
    expect(getPriority(pid)).toBe(Math.min(19, getPriority() + 7));
  });

  it("a worker process ends when its parent is killed (SIGKILL: no close ran)", async () => {
    const parent = spawn(process.execPath, ["--import", "tsx", fileURLToPath(ORPHAN_PARENT)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const workerPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on("data", (chunk: Buffer) => {
        const match = /worker (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      parent.once("exit", () => reject(new Error("the parent ended before its worker answered")));
    });
    expect(alive(workerPid)).toBe(true);
    parent.kill("SIGKILL");
    await vi.waitFor(() => expect(alive(workerPid)).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it("a worker that grows past V8's limit during a job is ended: the job is refused, the next one runs", async () => {
    // The crash's stack is what this test expects: taken here, not printed in the test run's output.
    let stderr = "";
    const p = pool({
      maxHeapMb: 16,
      spawn: (limits) =>
        spawnModuleProcess(BUNDLED, SOURCE, {
          ...limits,
          onStderr: (chunk) => {
            stderr += chunk.toString();
          },
        }),
    });
    expect(await refusal(p.run({ kind: "grow", mb: 400 }))).toBe("failed");
    expect(await p.run({ kind: "echo", value: "still here" })).toBe("still here");
    expect(p.stats().replaced).toBe(1);
    expect(stderr).toMatch(/heap out of memory/i);
  });

  it("a job's error is its answer; a worker that exits is replaced", async () => {
    const p = pool();
    const thrown = p.run({ kind: "throw" });
    expect(await refusal(thrown)).toBe("failed");
    await expect(thrown).rejects.toThrow("the job failed on purpose");
    expect(p.stats().replaced).toBe(0);
    expect(await refusal(p.run({ kind: "exit" }))).toBe("failed");
    expect(await p.run({ kind: "echo", value: "new worker" })).toBe("new worker");
    expect(p.stats().replaced).toBe(1);
  });

  it("ends a worker that never says ready: its waiting jobs are skipped, and the next job gets a new worker", async () => {
    let stuckPid: number | undefined;
    let spawned = 0;
    const p = pool({
      // Long enough for the second, healthy worker to start from source on a loaded machine.
      readyTimeoutMs: 5_000,
      spawn: (limits) => {
        if (spawned++ > 0) return spawnModuleProcess(BUNDLED, SOURCE, limits);
        const worker = spawnModuleProcess(NEVER_READY_BUNDLED, NEVER_READY, limits);
        worker.on("message", (message: { pid?: number }) => {
          stuckPid = message.pid;
        });
        return worker;
      },
    });
    const waiting = [p.run({ kind: "echo", value: "a" }), p.run({ kind: "echo", value: "b" })];
    expect(await refusal(waiting[0]!)).toBe("timeout");
    expect(await refusal(waiting[1]!)).toBe("timeout");
    // What an answer says for it: the usual sentence of a chart that took too long.
    expect(chartSkippedText("timeout")).toBe(
      "Chart skipped: it took too long to draw. Ask again in a minute for the picture.",
    );
    expect(p.stats()).toMatchObject({ workers: 0, queued: 0, replaced: 1 });
    await vi.waitFor(() => expect(stuckPid !== undefined && !alive(stuckPid)).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await p.run({ kind: "echo", value: "fresh" })).toBe("fresh");
    expect(spawned).toBe(2);
  });

  it("close refuses the running and the waiting jobs, ends the workers, and refuses new jobs", async () => {
    const p = pool();
    const running = refusal(p.run({ kind: "spin", ms: 5_000 }));
    const waiting = refusal(p.run({ kind: "echo", value: "never" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await p.close();
    expect(await running).toBe("closed");
    expect(await waiting).toBe("closed");
    expect(p.stats()).toMatchObject({ workers: 0, queued: 0 });
    expect(await refusal(p.run({ kind: "echo", value: "late" }))).toBe("closed");
  });
});
