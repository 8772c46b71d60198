import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import type { Redis } from "ioredis";

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

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) another process has used so far, from /proc; null where there is none. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** Resident memory of another process in MB, from /proc; null where there is none. */
export function processRssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The pids of a process's children, from /proc (a bot's chart workers); empty where /proc cannot tell. */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export interface CpuMeter {
  /** CPU seconds the process has used since the meter started (NaN when /proc cannot tell). */
  seconds(): number;
  /** The same as % of one core over the wall time since the meter started. */
  percentOfOneCore(): number;
}

/** Starts measuring another process's CPU (user + system, from /proc) from now on. */
export function cpuMeter(pid: number): CpuMeter {
  const c0 = processCpuSeconds(pid) ?? Number.NaN;
  const t0 = performance.now();
  const seconds = () => (processCpuSeconds(pid) ?? Number.NaN) - c0;
  return {
    seconds,
    percentOfOneCore: () => (seconds() / ((performance.now() - t0) / 1000)) * 100,
  };
}

/** cpuMeter over named processes: the returned function gives each one's CPU seconds since the start. */
export function cpuMeters<K extends string>(pids: Record<K, number>): () => Record<K, number> {
  const meters = Object.entries<number>(pids).map(([name, pid]) => [name, cpuMeter(pid)] as const);
  return () =>
    Object.fromEntries(meters.map(([name, meter]) => [name, meter.seconds()])) as Record<K, number>;
}

/** One judged goal, in the one format every bench prints: `goal <id>: <measured> (<target>) PASS|FAIL`. */
export function goalLine(id: string, measured: string, target: string, pass: boolean): string {
  return `goal ${id}: ${measured} (${target}) ${pass ? "PASS" : "FAIL"}`;
}

/** INFO commandstats as { command: calls and µs inside the command } (commands a script runs count too). */
export async function commandStats(redis: Redis): Promise<Map<string, { calls: number; usec: number }>> {
  const stats = new Map<string, { calls: number; usec: number }>();
  for (const line of (await redis.info("commandstats")).split("\n")) {
    const m = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim());
    if (m) stats.set(m[1]!, { calls: Number(m[2]), usec: Number(m[3]) });
  }
  return stats;
}

/**
 * The machine's busy share of all its cores over a span, from /proc/stat (%), and the share of it stolen by
 * the hypervisor (steal: the VM's cores were runnable but ran another guest). On this shared machine the
 * raw loop alone swung by half between runs; steal says when a run's window was slowed from outside.
 */
export function machineMeter() {
  const read = () => {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  return () => {
    const b = read();
    const total = Math.max(1, b.total - a.total);
    return { busy: (1 - (b.idle - a.idle) / total) * 100, steal: ((b.steal - a.steal) / total) * 100 };
  };
}

/**
 * A window in which the hypervisor stole more than this share of the machine (%, /proc/stat steal) is
 * measured again, at most STEAL_RETRIES times: one CPU-bound poller window lost 15 % of the machine to
 * another guest while the raw loop's lost under 2 %, and its ratio (0.44) said more about the neighbour than
 * about the poller (0.56 in the next two runs, steal under 0.5 %).
 */
export const STEAL_LIMIT = 5;
export const STEAL_RETRIES = 2;

/** `measure()`, again while its window lost more than STEAL_LIMIT % of the machine to the hypervisor. */
export async function unstolen<T extends { steal: number }>(
  label: string,
  measure: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const result = await measure();
    if (result.steal <= STEAL_LIMIT || attempt >= STEAL_RETRIES) return result;
    console.log(
      `${label}: measured again, the hypervisor stole ${fmt(result.steal, 1)}% of the machine in its window (over ${STEAL_LIMIT}%)`,
    );
  }
}
