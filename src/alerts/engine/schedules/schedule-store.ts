import type { Keyspace } from "../../../store/keys";
import type { PollTargetStore } from "../../../store/poll-target-store";
import type { RedisClient } from "../../../store/redis-connection";
import { execOrThrow } from "../../../store/redis-helpers";
import { type ScriptRunner, scriptRunner } from "../../../store/scripts";

/** What a booking stores: its kind names the declaration that fires it (schedule-kind.ts), the rest is its own. */
export interface ScheduleSpec {
  kind: string;
}

export interface DueSchedule {
  id: string;
  /** The due time read (ms): fire() only goes ahead while it is still the stored one. */
  dueAt: number;
  spec: string | null;
}

export interface FireInput {
  /** The period this firing is for: once per period, whichever replica fires. */
  period: string;
  /** 0: a one-shot schedule, done after this firing. */
  nextDueAt: number;
  target: string;
  event: string;
}

// Once per period without leases: one script writes the outbox entry only if the period has not fired
// and the due time is still the one read (schedule-fire-3.lua); a killed replica leaves it due.
export class ScheduleStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly scheduler: Pick<PollTargetStore, "shardOf" | "outboxKey" | "shards">;
  private readonly scripts: ScriptRunner;

  constructor(deps: {
    redis: RedisClient;
    keys: Keyspace;
    scheduler: Pick<PollTargetStore, "shardOf" | "outboxKey" | "shards">;
  }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.scheduler = deps.scheduler;
    this.scripts = scriptRunner(deps.redis);
  }

  get shards(): number {
    return this.scheduler.shards;
  }

  /** Creates or replaces a schedule, due at `dueAt`; the period it last fired for is kept. */
  async book<S extends ScheduleSpec>(id: string, spec: S, dueAt: number): Promise<void> {
    const shard = this.scheduler.shardOf(id);
    await execOrThrow(
      this.redis
        .multi()
        .hset(this.keys.schedule(shard, id), "spec", JSON.stringify(spec))
        .persist(this.keys.schedule(shard, id))
        .zadd(this.keys.scheduleDue(shard), Math.round(dueAt), id),
    );
  }

  /** Unless it exists, so a redelivered booking neither moves it nor revives one that fired. */
  async bookOnce<S extends ScheduleSpec>(id: string, spec: S, dueAt: number): Promise<void> {
    const shard = this.scheduler.shardOf(id);
    // Atomic, and harmless when it already fired: the record keeps `last`, so firing again writes nothing.
    await execOrThrow(
      this.redis
        .multi()
        .hsetnx(this.keys.schedule(shard, id), "spec", JSON.stringify(spec))
        .zadd(this.keys.scheduleDue(shard), "NX", Math.round(dueAt), id),
    );
  }

  /** Gone, whether due, fired or never booked: it fires nothing after this returns. */
  async cancel(id: string): Promise<void> {
    const shard = this.scheduler.shardOf(id);
    await execOrThrow(
      this.redis.multi().zrem(this.keys.scheduleDue(shard), id).del(this.keys.schedule(shard, id)),
    );
  }

  /**
   * Off the due set and remembered as `mark` for a week (as a fired one-shot is): true only for the call
   * that took it off, so a replica firing it at the same moment either wrote first or writes nothing.
   */
  async retire(id: string, mark: string): Promise<boolean> {
    const shard = this.scheduler.shardOf(id);
    const removed = await this.redis.zrem(this.keys.scheduleDue(shard), id);
    if (removed === 0) return false;
    const hash = this.keys.schedule(shard, id);
    await execOrThrow(
      this.redis
        .multi()
        .hset(hash, "last", mark)
        .pexpire(hash, 7 * 86_400_000),
    );
    return true;
  }

  async inspect(id: string): Promise<{ dueAt: number | null; last: string | null; spec: string | null }> {
    const shard = this.scheduler.shardOf(id);
    const [score, [spec, last]] = await Promise.all([
      this.redis.zscore(this.keys.scheduleDue(shard), id),
      this.redis.hmget(this.keys.schedule(shard, id), "spec", "last"),
    ]);
    return { dueAt: score === null ? null : Number(score), last: last ?? null, spec: spec ?? null };
  }

  async due(shard: number, now: number, limit: number): Promise<DueSchedule[]> {
    const flat = await this.redis.zrangebyscore(
      this.keys.scheduleDue(shard),
      "-inf",
      Math.round(now),
      "WITHSCORES",
      "LIMIT",
      0,
      limit,
    );
    const due: { id: string; dueAt: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) due.push({ id: flat[i]!, dueAt: Number(flat[i + 1]) });
    if (due.length === 0) return [];
    const specs = await Promise.all(due.map((d) => this.redis.hget(this.keys.schedule(shard, d.id), "spec")));
    return due.map((d, i) => ({ ...d, spec: specs[i] ?? null }));
  }

  /** True only for the call that wrote the outbox entry. */
  async fire(schedule: Pick<DueSchedule, "id" | "dueAt">, input: FireInput): Promise<boolean> {
    const shard = this.scheduler.shardOf(schedule.id);
    const fired = await this.scripts.run(
      "schedule-fire",
      [this.keys.scheduleDue(shard), this.keys.schedule(shard, schedule.id), this.scheduler.outboxKey(shard)],
      [
        schedule.id,
        Math.round(schedule.dueAt),
        input.period,
        Math.round(input.nextDueAt),
        input.target,
        input.event,
      ],
    );
    return fired === 1;
  }
}
