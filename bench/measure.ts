import { cpus } from "node:os";

export interface Usage {
  wallMs: number;
  cpuPercentOfOneCore: number;
  rssMb: number;
  heapUsedMb: number;
}

/** Runs `work` and reports wall time, this process's CPU (as % of one core) and memory afterwards. */
export async function measure<T>(work: () => Promise<T>): Promise<{ result: T; usage: Usage }> {
  const startCpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(startCpu);
  const memory = process.memoryUsage();
  return {
    result,
    usage: {
      wallMs,
      cpuPercentOfOneCore: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      rssMb: memory.rss / 1024 / 1024,
      heapUsedMb: memory.heapUsed / 1024 / 1024,
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs `task` `total` times with at most `concurrency` in flight; returns each run's latency in ms. */
export async function runConcurrent(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}

export function machineLine(): string {
  return `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), node ${process.version}`;
}

export const fmt = (n: number, digits = 0) => n.toFixed(digits);
