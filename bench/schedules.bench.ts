/**
 * `npm run bench -- schedules`: today's schedules (sharded sorted sets fired by one script into the outbox)
 * against a BullMQ prototype (delayed jobs; the processor writes the outbox entry through a fire-once
 * marker, since BullMQ runs a job at least once) on the same private Redis, then on a Redis Cluster with
 * a hash-tagged prefix. Per implementation: N escalation-like one-shots booked, a quarter cancelled (an
 * acknowledge), the rest fired by two competing workers (two replicas), then the workers left idle.
 *
 * Measured: commands per booked+fired schedule, split into the ones clients send (round trips, counted
 * with MONITOR in a pass of their own) and the ones scripts run inside Redis (INFO commandstats); Redis
 * and bench CPU per schedule; Redis memory per booked schedule; idle commands and CPU per second with
 * nothing due; on the cluster, that everything fired once and the busiest master's share of commands.
 * Every run checks the guarantee: each schedule not cancelled in the outbox exactly once, none cancelled.
 */
import { Queue, Worker } from "bullmq";
import { Cluster, Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { ScheduleStore } from "../src/alerts/engine/schedules/schedule-store";
import { ScheduleWorker } from "../src/alerts/engine/schedules/schedule-worker";
import { SCHEDULE_KINDS } from "../src/alerts/kinds/registry";
import { keyspace } from "../src/store/keys";
import { PollTargetStore } from "../src/store/poll-target-store";
import type { RedisClient } from "../src/store/redis-connection";
import { startRedisCluster } from "../test/support/redis-cluster";
import { commandStats, goalLine, machineLine } from "./measure";

const N = Number(process.env.SCHEDULES_BENCH_N ?? 2_000);
const CANCELLED = Math.floor(N / 4);
const IDLE_MS = Number(process.env.SCHEDULES_BENCH_IDLE_MS ?? 31_000);
const LEAD_MS = 3_000;
const SPREAD_MS = 1_000;
const FIRE_TIMEOUT_MS = 30_000;
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** One implementation as the bench drives it: two replicas' workers on connections of their own. */
interface Impl {
  name: string;
  book(id: string, subscriptionId: string, dueAt: number): Promise<void>;
  cancel(id: string): Promise<void>;
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

interface Setup {
  /** A fresh client on the Redis (or Cluster) under test. */
  client(forWorker?: boolean): RedisClient;
  /** One direct connection per master, for INFO. */
  masters(): Redis[];
}

interface Row {
  setup: string;
  impl: string;
  fired: number;
  outboxEntries: number;
  doubled: number;
  lost: number;
  firedCancelled: number;
  clientCmdsPerSchedule: number | null;
  roundTripsPerSchedule: number | null;
  scriptCmdsPerSchedule: number | null;
  allCmdsPerSchedule: number;
  redisCpuUsPerSchedule: number;
  benchCpuUsPerSchedule: number;
  memoryBytesPerBooked: number;
  idleCmdsPerSecond: number;
  idleRedisCpuMsPerSecond: number;
  busiestMasterShare: number;
  fireLagMs: number;
}

export default async function schedulesBench(): Promise<void> {
  console.log(machineLine());
  console.log(
    `${N} one-shot schedules booked, ${CANCELLED} cancelled, the rest fired by 2 competing workers`,
  );
  const rows: Row[] = [];
  const single = await startPrivateRedis();
  try {
    const setup: Setup = {
      client: (forWorker) => new Redis(single.url, forWorker ? { maxRetriesPerRequest: null } : {}),
      masters: () => [new Redis(single.url)],
    };
    const baseline = await idleBaseline(setup);
    for (const make of [today, bullmq]) {
      const counted = await clientCommands(setup, make);
      rows.push(await run("single Redis", setup, make, counted, baseline));
    }
  } finally {
    await single.stop();
  }
  const cluster = await startRedisCluster({ masters: 3 });
  try {
    const nodes = cluster.seedList.map((s) => ({ host: s.host, port: s.port }));
    const ports = (await cluster.roles()).masters;
    const setup: Setup = {
      client: (forWorker) =>
        new Cluster(nodes, {
          scaleReads: "master",
          redisOptions: forWorker ? { maxRetriesPerRequest: null } : {},
        }),
      masters: () => ports.map((port) => new Redis({ port, host: "127.0.0.1" })),
    };
    const baseline = await idleBaseline(setup);
    for (const make of [today, bullmq])
      rows.push(await run("cluster, 3 masters", setup, make, null, baseline));
  } finally {
    await cluster.close();
  }
  print(rows);
}

function print(rows: Row[]): void {
  const head = [
    "setup",
    "impl",
    "round trips",
    "client cmds",
    "script cmds",
    "all cmds",
    "Redis CPU µs",
    "bench CPU µs",
    "bytes/booked",
    "idle cmds/s",
    "idle Redis CPU ms/s over Redis alone",
    "busiest master",
    "fired",
    "lost",
    "doubled",
    "cancelled fired",
    "lag ms p100",
  ];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map(() => "---").join("|")}|`);
  const n = (v: number | null, d = 1) => (v === null ? "-" : v.toFixed(d));
  for (const r of rows) {
    console.log(
      `| ${[
        r.setup,
        r.impl,
        n(r.roundTripsPerSchedule),
        n(r.clientCmdsPerSchedule),
        n(r.scriptCmdsPerSchedule),
        n(r.allCmdsPerSchedule),
        n(r.redisCpuUsPerSchedule, 0),
        n(r.benchCpuUsPerSchedule, 0),
        n(r.memoryBytesPerBooked, 0),
        n(r.idleCmdsPerSecond),
        n(r.idleRedisCpuMsPerSecond, 2),
        `${(r.busiestMasterShare * 100).toFixed(0)}%`,
        r.fired,
        r.lost,
        r.doubled,
        r.firedCancelled,
        n(r.fireLagMs, 0),
      ].join(" | ")} |`,
    );
  }
  console.log(
    "(per schedule = per booked schedule, cancelled or fired; client cmds from MONITOR, single Redis)",
  );
  for (const r of rows) {
    const id = `schedules-once-${r.impl}-${r.setup.startsWith("cluster") ? "cluster" : "single"}`;
    const ok = r.lost === 0 && r.doubled === 0 && r.firedCancelled === 0;
    console.log(
      goalLine(
        id,
        `${r.lost} lost, ${r.doubled} doubled, ${r.firedCancelled} cancelled fired`,
        "0, 0, 0",
        ok,
      ),
    );
  }
  const t = rows.find((r) => r.impl === "today" && r.setup === "single Redis");
  const b = rows.find((r) => r.impl === "bullmq" && r.setup === "single Redis");
  if (t && b) {
    console.log(
      goalLine(
        "schedules-bullmq-commands",
        `${b.allCmdsPerSchedule.toFixed(1)} vs today ${t.allCmdsPerSchedule.toFixed(1)} per schedule`,
        "BullMQ within 1.5x of today",
        b.allCmdsPerSchedule <= 1.5 * t.allCmdsPerSchedule,
      ),
    );
    console.log(
      goalLine(
        "schedules-bullmq-memory",
        `${b.memoryBytesPerBooked.toFixed(0)} vs today ${t.memoryBytesPerBooked.toFixed(0)} bytes per booked`,
        "BullMQ within 1.5x of today",
        b.memoryBytesPerBooked <= 1.5 * t.memoryBytesPerBooked,
      ),
    );
  }
}

type Make = (setup: Setup, prefix: string, sink: FiredSink) => Impl;

interface FiredSink {
  outboxKeys: string[];
}

/** Today's schedules: the store's sorted sets and the worker's ticks, as the alert workers run them. */
const today: Make = (setup, prefix, sink) => {
  const keys = keyspace(prefix);
  const made: RedisClient[] = [];
  const client = (w?: boolean) => {
    const c = setup.client(w);
    made.push(c);
    return c;
  };
  const storeOn = (redis: RedisClient) =>
    new ScheduleStore({ redis, keys, scheduler: new PollTargetStore({ redis, keys }) });
  const booking = storeOn(client());
  const scheduler = new PollTargetStore({ redis: made[0]!, keys });
  sink.outboxKeys = Array.from({ length: scheduler.shards }, (_, s) => scheduler.outboxKey(s));
  let workers: ScheduleWorker[] = [];
  return {
    name: "today",
    book: (id, subscriptionId, dueAt) =>
      booking.bookOnce(id, { kind: "escalation", subscriptionId, incidentId: id, afterMinutes: 5 }, dueAt),
    cancel: (id) => booking.cancel(id),
    async startWorkers() {
      workers = [0, 1].map(() => new ScheduleWorker({ store: storeOn(client(true)), kinds: SCHEDULE_KINDS }));
      for (const w of workers) w.start();
    },
    async stopWorkers() {
      await Promise.all(workers.map((w) => w.stop()));
    },
    async close() {
      for (const c of made) c.disconnect();
    },
  };
};

/**
 * BullMQ prototype: one delayed job per schedule (jobId = schedule id, so booking twice is a no-op), cancel
 * by removing the job, and a processor that writes the outbox entry once through a marker in the outbox's
 * slot: BullMQ may run a job twice (a stalled job after a replica's death), and the outbox stays ours.
 */
const bullmq: Make = (setup, prefix, sink) => {
  const keys = keyspace(prefix);
  const made: RedisClient[] = [];
  const client = (w?: boolean) => {
    const c = setup.client(w);
    made.push(c);
    return c;
  };
  const redis = client();
  const scheduler = new PollTargetStore({ redis, keys });
  sink.outboxKeys = Array.from({ length: scheduler.shards }, (_, s) => scheduler.outboxKey(s));
  const bullPrefix = `{${prefix}bull}`;
  const queue = new Queue("schedules", { connection: client(true), prefix: bullPrefix });
  let workers: Worker[] = [];
  const fireOnce = `if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[3]) then
  redis.call('XADD', KEYS[2], '*', 'target', ARGV[1], 'event', ARGV[2]) return 1 end return 0`;
  return {
    name: "bullmq",
    async book(id, subscriptionId, dueAt) {
      await queue.add(
        "escalation",
        { kind: "escalation", subscriptionId, incidentId: id, afterMinutes: 5 },
        { jobId: id, delay: Math.max(0, dueAt - Date.now()), removeOnComplete: true, removeOnFail: true },
      );
    },
    async cancel(id) {
      await queue.remove(id);
    },
    async startWorkers() {
      workers = [0, 1].map(() => {
        const own = client(true);
        return new Worker(
          "schedules",
          async (job) => {
            const shard = scheduler.shardOf(job.id!);
            await own.eval(
              fireOnce,
              2,
              `${prefix}{p:${shard}}:fired:${job.id}`,
              scheduler.outboxKey(shard),
              `escalation:${job.data.subscriptionId}`,
              JSON.stringify({ id: job.id, type: "escalation" }),
              WEEK_MS,
            );
          },
          { connection: own, prefix: bullPrefix, concurrency: 8 },
        );
      });
      await Promise.all(workers.map((w) => w.waitUntilReady()));
    },
    async stopWorkers() {
      await Promise.all(workers.map((w) => w.close()));
    },
    async close() {
      await queue.close();
      for (const c of made) c.disconnect();
    },
  };
};

/** Today's worker writes its own event; the bench reads the schedule id back from it. */
function idOf(impl: string, event: string): string {
  const parsed = JSON.parse(event) as { id?: string; incidentId?: string };
  return impl === "today" ? (parsed.incidentId ?? "") : (parsed.id ?? "");
}

interface Phase {
  cmds: number;
  redisCpuUs: number;
  memory: number;
}

async function snapshot(masters: Redis[]): Promise<Phase> {
  let cmds = 0;
  let cpu = 0;
  let memory = 0;
  for (const m of masters) {
    for (const [name, s] of await commandStats(m)) if (name !== "info") cmds += s.calls;
    const info = await m.info();
    const num = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
    cpu += (num("used_cpu_user") + num("used_cpu_sys")) * 1e6;
    memory += num("used_memory");
  }
  return { cmds, redisCpuUs: cpu, memory };
}

async function perMasterCmds(masters: Redis[]): Promise<number[]> {
  const out: number[] = [];
  for (const m of masters) {
    let cmds = 0;
    for (const [name, s] of await commandStats(m)) if (name !== "info") cmds += s.calls;
    out.push(cmds);
  }
  return out;
}

/** Redis's own CPU with no client at all (its cron), per second: the idle rows are read above it. */
async function idleBaseline(setup: Setup): Promise<number> {
  const masters = setup.masters();
  try {
    const a = await snapshot(masters);
    await new Promise((r) => setTimeout(r, IDLE_MS / 3));
    const b = await snapshot(masters);
    return (b.redisCpuUs - a.redisCpuUs) / (IDLE_MS / 3);
  } finally {
    for (const m of masters) m.disconnect();
  }
}

async function run(
  setupName: string,
  setup: Setup,
  make: Make,
  counted: Counted | null,
  baselineMsPerSecond: number,
): Promise<Row> {
  const prefix = `bench:sched:${Date.now()}:`;
  const sink: FiredSink = { outboxKeys: [] };
  const impl = make(setup, prefix, sink);
  const masters = setup.masters();
  const reader = setup.client();
  try {
    await Promise.all(masters.map((m) => m.config("RESETSTAT")));
    const ids = Array.from({ length: N }, (_, i) => `escalation:sub${i % 50}:inc${i}`);
    const cancelled = new Set(ids.filter((_, i) => i % 4 === 0).slice(0, CANCELLED));
    const t0 = Date.now() + LEAD_MS;
    const dueOf = (i: number) => t0 + (i % SPREAD_MS);
    const before = await snapshot(masters);
    const perMasterBefore = await perMasterCmds(masters);
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < N; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map((id, k) => impl.book(id, `sub${(i + k) % 50}`, dueOf(i + k))),
      );
    }
    const booked = await snapshot(masters);
    await Promise.all([...cancelled].map((id) => impl.cancel(id)));
    await impl.startWorkers();
    const expected = N - cancelled.size;
    const deadline = Date.now() + LEAD_MS + SPREAD_MS + FIRE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if ((await entryCount(reader, sink)) >= expected && Date.now() > t0 + SPREAD_MS) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const fireLagMs = Math.max(0, Date.now() - (t0 + SPREAD_MS));
    // A straggler (a second firing) would land in the next tick: wait one more before counting.
    await new Promise((r) => setTimeout(r, 1_500));
    const cpu1 = process.cpuUsage(cpu0);
    const fired = await snapshot(masters);
    const perMasterFired = await perMasterCmds(masters);
    // Idle: the workers running with nothing due.
    const idleCpu0 = (await snapshot(masters)).redisCpuUs;
    const idle0 = await snapshot(masters);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle1 = await snapshot(masters);
    await impl.stopWorkers();
    const entries = await entriesOf(reader, sink, impl.name);
    const counts = new Map<string, number>();
    for (const id of entries) counts.set(id, (counts.get(id) ?? 0) + 1);
    let doubled = 0;
    let lost = 0;
    let firedCancelled = 0;
    for (const id of ids) {
      const c = counts.get(id) ?? 0;
      if (cancelled.has(id)) firedCancelled += c;
      else if (c === 0) lost++;
      else if (c > 1) doubled += c - 1;
    }
    const shares = perMasterFired.map((v, i) => v - perMasterBefore[i]!);
    const total = shares.reduce((a, b) => a + b, 0);
    const allCmds = fired.cmds - before.cmds;
    return {
      setup: setupName,
      impl: impl.name,
      fired: entries.length,
      outboxEntries: entries.length,
      doubled,
      lost,
      firedCancelled,
      clientCmdsPerSchedule: counted ? counted.client / N : null,
      roundTripsPerSchedule: counted ? counted.roundTrips / N : null,
      scriptCmdsPerSchedule: counted ? counted.script / N : null,
      allCmdsPerSchedule: allCmds / N,
      redisCpuUsPerSchedule: (fired.redisCpuUs - before.redisCpuUs) / N,
      benchCpuUsPerSchedule: (cpu1.user + cpu1.system) / N,
      memoryBytesPerBooked: (booked.memory - before.memory) / N,
      idleCmdsPerSecond: ((idle1.cmds - idle0.cmds) * 1000) / IDLE_MS,
      idleRedisCpuMsPerSecond: (idle1.redisCpuUs - idleCpu0) / IDLE_MS - baselineMsPerSecond,
      busiestMasterShare: total ? Math.max(...shares) / total : 0,
      fireLagMs,
    };
  } finally {
    await impl.close();
    reader.disconnect();
    for (const m of masters) m.disconnect();
  }
}

async function entryCount(reader: RedisClient, sink: FiredSink): Promise<number> {
  let n = 0;
  for (const key of sink.outboxKeys) n += await reader.xlen(key);
  return n;
}

async function entriesOf(reader: RedisClient, sink: FiredSink, impl: string): Promise<string[]> {
  const out: string[] = [];
  for (const key of sink.outboxKeys) {
    for (const [, fields] of await reader.xrange(key, "-", "+")) {
      out.push(idOf(impl, fields[fields.indexOf("event") + 1] ?? "{}"));
    }
  }
  return out;
}

interface Counted {
  client: number;
  roundTrips: number;
  script: number;
}

/**
 * The commands clients send (round trips, pipelined or not) and the ones scripts run, over booking,
 * cancelling and firing N schedules: a pass of its own under MONITOR, which costs Redis CPU.
 */
async function clientCommands(setup: Setup, make: Make): Promise<Counted> {
  const monitorHost = setup.masters()[0]!;
  const monitor = await monitorHost.monitor();
  const counted = { client: 0, roundTrips: 0, script: 0 };
  const inMulti = new Set<string>();
  let on = false;
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    const name = (args[0] ?? "").toLowerCase();
    if (!on || name === "info" || name === "xlen" || name === "xrange") return;
    if (source === "lua") {
      counted.script++;
      return;
    }
    counted.client++;
    // A MULTI ... EXEC block is sent in one write (ioredis pipelines it): one round trip.
    if (name === "multi") inMulti.add(source);
    else if (name === "exec") inMulti.delete(source);
    if (!inMulti.has(source) || name === "multi") counted.roundTrips++;
  });
  const prefix = `bench:schedmon:${Date.now()}:`;
  const sink: FiredSink = { outboxKeys: [] };
  const impl = make(setup, prefix, sink);
  const reader = setup.client();
  try {
    const ids = Array.from({ length: N }, (_, i) => `escalation:sub${i % 50}:inc${i}`);
    const t0 = Date.now() + LEAD_MS;
    on = true;
    for (let i = 0; i < N; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map((id, k) => impl.book(id, `sub${(i + k) % 50}`, t0 + ((i + k) % SPREAD_MS))),
      );
    }
    await Promise.all(
      ids
        .filter((_, i) => i % 4 === 0)
        .slice(0, CANCELLED)
        .map((id) => impl.cancel(id)),
    );
    await impl.startWorkers();
    const deadline = Date.now() + LEAD_MS + SPREAD_MS + FIRE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      on = false;
      const n = await entryCount(reader, sink);
      on = true;
      if (n >= N - CANCELLED && Date.now() > t0 + SPREAD_MS) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await impl.stopWorkers();
    on = false;
  } finally {
    monitor.disconnect();
    monitorHost.disconnect();
    await impl.close();
    reader.disconnect();
  }
  return counted;
}
