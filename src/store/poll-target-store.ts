import { randomBytes } from "node:crypto";
import { groupBy } from "../lib/group-by";
import type { Keyspace } from "./keys";
import { PollCommitBatcher } from "./poll-commit-batcher";
import { requireText, requireTime, SchedulerInputError } from "./poll-target-input";
import {
  type ClaimedTarget,
  type CommitInput,
  DEFAULT_SHARDS,
  type HeldClaim,
  INCIDENT_REFRESH_MS,
  type RejectionStreak,
  type TargetInfo,
  type TargetRegistration,
} from "./poll-target-types";
import type { RedisClient } from "./redis-connection";
import { type ScriptReplies, type ScriptRunner, scriptRunner } from "./scripts";
import { shardOf } from "./shard-of";

/**
 * The poll-target store, the poll scheduler's state (docs/architecture.md section 5): poll targets in sharded sorted sets `{p:N}:due` scored by
 * their next due time, claimed in batches under a lease (or held for a few polls, each extended to a lease
 * while it runs longer than a quiet poll) and committed with a lease check.
 *
 * Every shard's keys share the hash tag `{p:N}`, so each script touches one Cluster slot. A target's
 * shard is `fnv1a(target) % shards`: every replica must run with the same shard count (changing it
 * strands targets in their old shard until they are re-added).
 *
 * Timing policy (interval, jitter, backoff) belongs to the caller, which passes `nextDueAt` to commit;
 * the scripts only store it. The one interval kept here is the incident refresh's (`refreshMs`), since the
 * claim books it in the same step as the lease. All times are epoch milliseconds passed in explicitly.
 *
 * Its parts: the types it takes and gives (poll-target-types.ts), its input checks (poll-target-input.ts),
 * the shard of a target (shard-of.ts) and the batching of commits on their way to Redis
 * (poll-commit-batcher.ts).
 */

/**
 * Cool-down keys outlive their end by this much. Only the stored end time decides; the expiry (relative,
 * so that clock differences between replicas and Redis do not matter) merely removes old keys.
 */
const COOL_DOWN_KEY_MARGIN_MS = 60_000;

export class PollTargetStore {
  readonly shards: number;
  /** How often a claim books each target's incident refresh (INCIDENT_REFRESH_MS unless given). */
  readonly refreshMs: number;
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly scripts: ScriptRunner;
  private readonly commits: PollCommitBatcher;
  private readonly nonce = randomBytes(6).toString("hex");
  private claimCount = 0;
  /**
   * Per worker id, its last claim: when it failed, the next claim of the same shards repeats it; when it
   * was answered, the next one drops its record (claim-n.lua ARGV[5]).
   */
  private readonly lastClaims = new Map<string, { shards: string; stem: string; failed: boolean }>();

  constructor(deps: { redis: RedisClient; keys: Keyspace; shards?: number; refreshMs?: number }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.shards = deps.shards ?? DEFAULT_SHARDS;
    this.refreshMs = requireTime("refreshMs", deps.refreshMs ?? INCIDENT_REFRESH_MS);
    if (!Number.isInteger(this.shards) || this.shards < 1) {
      throw new SchedulerInputError(`shards must be a positive integer, got ${this.shards}`);
    }
    this.scripts = scriptRunner(deps.redis);
    this.commits = new PollCommitBatcher({ redis: deps.redis, keys: deps.keys, scripts: this.scripts });
  }

  shardOf(target: string): number {
    return shardOf(requireText("target", target), this.shards);
  }

  /** The outbox stream key of a shard, for the delivery workers. */
  outboxKey(shard: number): string {
    return this.keys.alertOutbox(this.checkShard(shard));
  }

  /** Adds a subscriber, creating the target (due at firstDueAt) on the first; returns the subscriber count. */
  async add(target: string, registration: TargetRegistration, firstDueAt: number): Promise<number> {
    const shard = this.shardOf(target);
    return this.scripts.run("add", this.targetKeys(shard, target), [
      target,
      requireText("subscriber", registration.subscriber),
      registration.group,
      registration.meta ?? "",
      requireTime("firstDueAt", firstDueAt),
    ]);
  }

  /** Removes a subscriber; the last one removes the target. Returns the subscribers left. */
  async remove(target: string, subscriber: string): Promise<number> {
    const shard = this.shardOf(target);
    return this.scripts.run("remove", this.targetKeys(shard, target), [
      target,
      requireText("subscriber", subscriber),
    ]);
  }

  async has(target: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.pollTarget(this.shardOf(target), target))) === 1;
  }

  /** What is stored about a target (for status pages and tests); null when it does not exist. */
  async inspect(target: string): Promise<TargetInfo | null> {
    const shard = this.shardOf(target);
    const [fields, score, subscribers] = await Promise.all([
      this.redis.hgetall(this.keys.pollTarget(shard, target)),
      this.redis.zscore(this.keys.pollDue(shard), target),
      this.redis.smembers(this.keys.pollSubscribers(shard, target)),
    ]);
    if (Object.keys(fields).length === 0) return null;
    return {
      shard,
      dueAt: score === null ? null : Number(score),
      state: fields.state ?? null,
      failures: Number(fields.failures ?? 0),
      group: fields.group || null,
      leased: Boolean(fields.lease),
      subscribers: subscribers.sort(),
      paused: fields.paused || null,
      rejections: Number(fields.rejCount ?? 0),
      meta: fields.meta || null,
    };
  }

  /**
   * Leases up to `limit` due targets of a shard until now + leaseMs. Targets of a cooling-down token
   * group are moved to the end of the cool-down instead (they count against `limit`).
   */
  async claim(
    shard: number,
    now: number,
    leaseMs: number,
    limit: number,
    workerId: string,
  ): Promise<ClaimedTarget[]> {
    const [claimed] = await this.claimShards([shard], now, leaseMs, limit, workerId);
    return claimed ?? [];
  }

  /**
   * `claim` of several shards at once, one list per shard in the order given. On one Redis the shards
   * are claimed by ONE script run (a run's fixed cost in Redis and in the client is most of a claim's); on a Cluster each shard
   * is its own slot, so its own run. Each run is atomic on its own.
   *
   * `holds` (ms, one per target a run may lease, in lease order): the i-th target leased by a run is held
   * only until now + holds[i], when it is due again (its `heldUntil`), instead of leased until now +
   * leaseMs. A quiet poll of a settled target then has nothing to commit: its next due time is already
   * stored, and the caller may poll it
   * again before then (the worker does, while its polls are quiet). The caller must `extend` every held
   * claim whose poll may outlast its hold; a target beyond the holds given is leased.
   */
  async claimShards(
    shards: readonly number[],
    now: number,
    leaseMs: number,
    limit: number,
    workerId: string,
    holds: readonly number[] = [],
  ): Promise<ClaimedTarget[][]> {
    const at = requireTime("now", now);
    const until = at + requireTime("leaseMs", leaseMs);
    requireText("workerId", workerId);
    for (const shard of shards) this.checkShard(shard);
    const holdMs = holds.map((hold) => requireTime("hold", hold));
    // A claim of the same shards after a failed one repeats it (its stem): if the failed run did lease
    // targets and only its reply was lost, this run answers them (claim-n.lua) rather than leaving them
    // leased to nobody until the lease passes. On a Cluster, one shard's failed run rejects the whole
    // claim, the other runs' leases included: the repeat answers those too.
    const shardList = shards.join(",");
    const last = this.lastClaims.get(workerId);
    const sameShards = last?.shards === shardList;
    const repeat = sameShards && last.failed;
    // The stem keeps tokens unique even when a removed target is re-added and its epoch restarts: the
    // worker id, this store's random nonce and a count of its claims (no random bytes per claim).
    const stem = repeat ? last.stem : `${workerId}:${this.nonce}${(this.claimCount++).toString(36)}`;
    // The last claim was answered: its record is no longer needed (a claim of other shards leaves it to
    // expire: its record lives under another shard's key).
    const answered = sameShards && !last.failed ? last.stem : "";
    const limitArg = Math.max(1, Math.floor(limit));
    const args = [at, until, limitArg, stem, answered, this.refreshMs, holdMs.length, ...holdMs];
    const keysOf = (shard: number) => [
      this.keys.pollDue(shard),
      this.keys.pollTargetPrefix(shard),
      this.keys.pollCoolDownPrefix(shard),
    ];
    let replies: ScriptReplies["claim"];
    try {
      if (this.redis.isCluster) {
        const runs = shards.map((shard) =>
          this.scripts.run("claim", [...keysOf(shard), this.keys.pollClaimRecord(shard, stem)], args),
        );
        replies = (await Promise.all(runs)).map((reply) => reply[0] ?? []);
      } else if (shards.length === 0) {
        replies = [];
      } else {
        const record = this.keys.pollClaimRecord(shards[0]!, stem);
        replies = await this.scripts.run("claim", [...shards.flatMap(keysOf), record], args);
      }
    } catch (error) {
      this.lastClaims.set(workerId, { shards: shardList, stem, failed: true });
      throw error;
    }
    this.lastClaims.set(workerId, { shards: shardList, stem, failed: false });
    const prefix = `${stem}:`;
    // The holds are used in lease order within each run: across the shards on one Redis, per shard on a
    // Cluster (each its own run).
    let taken = 0;
    return shards.map((_, i) => {
      if (this.redis.isCluster) taken = 0;
      return (replies[i] ?? []).map(([target, epoch, state, failures, meta, settled, refreshAt]) => {
        const hold = holdMs[taken++];
        return {
          target,
          leaseToken: prefix + epoch,
          state: state === "" ? null : state,
          failures: Number(failures),
          meta: meta === "" ? null : meta,
          settled: settled === 1,
          refresh: refreshAt !== 0 && refreshAt <= at,
          refreshAt: refreshAt === 0 ? null : refreshAt,
          heldUntil: hold === undefined ? null : at + hold,
        };
      });
    });
  }

  /**
   * Extends held claims (claimShards' `holds`) to a lease: each target whose lease token is still the
   * one given is due at `until` instead of at its hold; a lost one is left alone. One script run on one
   * Redis, one per shard on a Cluster. Returns how many were extended.
   */
  async extend(claims: readonly HeldClaim[], until: number): Promise<number> {
    const at = requireTime("until", until);
    for (const claim of claims) requireText("leaseToken", claim.leaseToken);
    const byShard = groupBy(claims, (claim) => this.shardOf(claim.target));
    const run = (shards: [number, HeldClaim[]][]) => {
      const keys: string[] = [];
      const args: (string | number)[] = [at];
      for (const [shard, held] of shards) {
        keys.push(this.keys.pollDue(shard), this.keys.pollTargetPrefix(shard));
        args.push(held.length);
        for (const claim of held) args.push(claim.target, claim.leaseToken);
      }
      return this.scripts.run("extend", keys, args);
    };
    if (byShard.size === 0) return 0;
    if (!this.redis.isCluster) return run([...byShard]);
    const counts = await Promise.all([...byShard].map((entry) => run([entry])));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /**
   * Commits a poll under its lease: state, next due time, events into the outbox, failure count and
   * cool-down in one script. False when the lease was lost (a stale replica): nothing was written. True
   * too when this same commit had landed already and is sent again (its reply lost with the connection).
   * The due time is never before the cool-down given here.
   */
  async commit(shard: number, target: string, leaseToken: string, input: CommitInput): Promise<boolean> {
    this.checkShard(shard);
    const coolDown = this.coolDownOf(input);
    const dueAt = Math.max(requireTime("nextDueAt", input.nextDueAt), coolDown?.until ?? 0);
    // Only a commit with events (an alert on its way) goes out at once. One without events, cool-down or
    // failure (a quiet poll, or incidents read with nothing new: most polls)
    // joins the batch of one commit-quiet-n run, its state too, within QUIET_COMMIT_WINDOW_MS.
    const urgent = (input.events?.length ?? 0) > 0;
    const quiet = !urgent && input.failures !== "increment" && !coolDown;
    const committed = quiet
      ? await this.commits.sendQuiet(
          shard,
          requireText("target", target),
          requireText("leaseToken", leaseToken),
          dueAt,
          input.state ?? "",
        )
      : await this.commits.send(
          urgent,
          shard,
          [
            this.keys.pollDue(shard),
            this.keys.pollTarget(shard, requireText("target", target)),
            this.keys.alertOutbox(shard),
            this.keys.pollCoolDownPrefix(shard),
          ],
          [
            target,
            requireText("leaseToken", leaseToken),
            input.state === undefined ? "0" : "1",
            input.state ?? "",
            dueAt,
            input.failures === "increment" ? "increment" : "reset",
            coolDown?.group ?? "",
            coolDown?.until ?? 0,
            coolDown ? this.coolDownKeyTtl(coolDown.until, input.now) : 0,
            ...(input.events ?? []),
          ],
        );
    // 2: the same commit had landed, and only its reply was lost with the connection (ioredis sends
    // unanswered commands again after reconnecting): it is this worker's, not a lease taken over.
    if (committed === 0) return false;
    // The group's targets live in every shard: the commit set this shard's cool-down atomically, the
    // others follow here. A crash in between only shortens the cool-down elsewhere (one more 429).
    if (coolDown) await this.coolDown(coolDown.group, coolDown.until, input.now, shard);
    return true;
  }

  /**
   * Counts one more token rejection (401/403/404) of a leased target at `now`: the streak that decides
   * whether to pause (docs/architecture.md section 5, "Never silent"). Null when the lease is no longer held.
   */
  async recordRejection(target: string, leaseToken: string, now: number): Promise<RejectionStreak | null> {
    const key = this.keys.pollTarget(this.shardOf(target), requireText("target", target));
    const reply = await this.scripts.run(
      "poll-rejection",
      [key],
      [requireText("leaseToken", leaseToken), "record", requireTime("now", now)],
    );
    if (reply.length !== 3) return null;
    const [count, since, paused] = reply;
    return { count: Number(count), since: Number(since), paused: paused === "" ? null : paused };
  }

  /** Marks a leased target paused (its token is confirmed rejected); false when the lease was lost. */
  async markPaused(target: string, leaseToken: string, reason: string): Promise<boolean> {
    const key = this.keys.pollTarget(this.shardOf(target), requireText("target", target));
    const reply = await this.scripts.run(
      "poll-rejection",
      [key],
      [requireText("leaseToken", leaseToken), "pause", requireText("reason", reason)],
    );
    return reply.length === 1;
  }

  /** Extends a token group's cool-down in every shard (or every shard but `except`); never shortens it. */
  async coolDown(group: string, until: number, now: number, except?: number): Promise<void> {
    requireText("group", group);
    const at = requireTime("until", until);
    const ttl = this.coolDownKeyTtl(at, now);
    const runs: Promise<unknown>[] = [];
    for (let shard = 0; shard < this.shards; shard++) {
      if (shard === except) continue;
      const keys = [this.keys.pollCoolDown(shard, group), this.keys.pollCoolDownPrefix(shard)];
      runs.push(this.scripts.run("cool-down", keys, [at, ttl]));
    }
    await Promise.all(runs);
  }

  /**
   * The earliest due time (ms) over every shard, null with no target: how far polling is behind is now
   * minus this (a leased target's score is its lease expiry, in the future). One ZRANGE per shard, each
   * on one key, so it runs on a Cluster too.
   */
  async earliestDue(): Promise<number | null> {
    const firsts = await Promise.all(
      Array.from({ length: this.shards }, (_, shard) =>
        this.redis.zrange(this.keys.pollDue(shard), 0, 0, "WITHSCORES"),
      ),
    );
    const scores = firsts.map((first) => Number(first[1])).filter((score) => Number.isFinite(score));
    return scores.length === 0 ? null : Math.min(...scores);
  }

  /** How long a worker may sleep before the shard's earliest due time, at most maxMs (0: due now). */
  async nextDueIn(shard: number, now: number, maxMs: number): Promise<number> {
    const first = await this.redis.zrange(this.keys.pollDue(this.checkShard(shard)), 0, 0, "WITHSCORES");
    const score = first[1];
    if (score === undefined) return maxMs;
    return Math.min(maxMs, Math.max(0, Number(score) - now));
  }

  private targetKeys(shard: number, target: string): string[] {
    return [
      this.keys.pollDue(shard),
      this.keys.pollTarget(shard, target),
      this.keys.pollSubscribers(shard, target),
    ];
  }

  private coolDownOf(input: CommitInput): { group: string; until: number } | null {
    if (input.coolDownGroup === undefined && input.coolDownUntil === undefined) return null;
    if (!input.coolDownGroup || input.coolDownUntil === undefined) {
      throw new SchedulerInputError("coolDownGroup and coolDownUntil go together");
    }
    return { group: input.coolDownGroup, until: requireTime("coolDownUntil", input.coolDownUntil) };
  }

  private coolDownKeyTtl(until: number, now: number): number {
    return Math.max(0, until - requireTime("now", now)) + COOL_DOWN_KEY_MARGIN_MS;
  }

  private checkShard(shard: number): number {
    if (!Number.isInteger(shard) || shard < 0 || shard >= this.shards) {
      throw new SchedulerInputError(`shard must be an integer in [0, ${this.shards}), got ${shard}`);
    }
    return shard;
  }
}
