import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { backoffDelay, sleep } from "../../../lib/backoff";
import { type Clock, systemClock } from "../../../lib/clock";
import { type Logger, silentLogger } from "../../../lib/logger";
import type { PollTargetStore } from "../../../store/poll-target-store";
import type { ClaimedTarget } from "../../../store/poll-target-types";
import type { UptimeClient } from "../../../uptime";
import { noopPollMetrics, type PollMetrics } from "../../metrics";
import { AgainPolls, type QueuedPoll, readsRefresh } from "./again-polls";
import { ClaimHolds, holdPeriod, holdPolls } from "./claim-holds";
import type { Detector } from "./detector";
import { PollApiCache, type ResolveToken } from "./poll-api-cache";
import { type PollHooks, type PollOnceDeps, type PollProgress, type PollResult, pollOnce } from "./poll-once";
import { ClaimCache } from "./poll-state";
import { DEFAULT_JITTER, nextPollAt, type PollTimingOptions } from "./poll-timing";
import type { RejectionPolicy } from "./token-rejection";

// A claim holds a target for a few quiet polls, so a quiet poll costs Redis only a share of a claim.

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_BATCH = 100;
export const DEFAULT_CONCURRENCY = 32;
/** Claimed targets held at most, waiting or in flight, in polls of `concurrency` at once. */
const BACKLOG_ROUNDS = 4;
export interface PollWorkerOptions {
  scheduler: PollTargetStore;
  /** A client for polling; give it `retry: { retries: 0 }`: the scheduler's backoff is the retry. */
  client: Pick<UptimeClient, "as">;
  resolveToken: ResolveToken;
  hooks?: PollHooks;
  detectors: readonly Detector[];
  clock?: Clock;
  logger?: Logger;
  metrics?: PollMetrics;
  pollIntervalMs?: number;
  /** How long a claim holds a target (default 30 s); a poll's API calls get at most half of it. */
  leaseMs?: number;
  batch?: number;
  /** Most polls with API calls in flight at once in this process (default 32); as many may be committing. */
  concurrency?: number;
  /** Longest idle sleep between rounds, in ms (default 1 s): new targets are found at least this often. */
  idleMaxMs?: number;
  /** Shortest round over all shards, in ms (default 50) unless behind: targets are claimed in batches. */
  idleMinMs?: number;
  apiCacheTtlMs?: number;
  workerId?: string;
  /** Token rejections: how many polls over how long pause a target, and its re-check (token-rejection.ts). */
  rejections?: RejectionPolicy;
  timing?: Omit<PollTimingOptions, "intervalMs">;
  random?: () => number;
}

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export class PollWorker {
  readonly workerId: string;
  private readonly scheduler: PollTargetStore;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly deps: PollOnceDeps;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly concurrency: number;
  private readonly idleMaxMs: number;
  private readonly idleMinMs: number;
  private readonly random: () => number;

  private readonly queue: QueuedPoll[] = [];
  private readonly holds = new ClaimHolds();
  /** How often held claims are extended (ms), and how old they are then at least; null: claims are leased. */
  private readonly holdPeriodMs: number | null;
  private readonly holdPolls: number;
  private holdTimer: NodeJS.Timeout | null = null;
  private readonly again: AgainPolls;
  private active = 0;
  private committing = 0;
  /** Resolved when a poll finishes: the loop waits on it for room, stop() for the drain. Made on demand. */
  private changed: { promise: Promise<void>; resolve: () => void } | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake = new AbortController();

  constructor(options: PollWorkerOptions) {
    this.scheduler = options.scheduler;
    this.clock = options.clock ?? systemClock;
    this.workerId = options.workerId ?? defaultWorkerId();
    this.logger = (options.logger ?? silentLogger).child({ component: "poller", workerId: this.workerId });
    this.leaseMs = positive("leaseMs", options.leaseMs ?? DEFAULT_LEASE_MS);
    this.batch = positive("batch", options.batch ?? DEFAULT_BATCH);
    this.concurrency = positive("concurrency", options.concurrency ?? DEFAULT_CONCURRENCY);
    this.idleMaxMs = positive("idleMaxMs", options.idleMaxMs ?? 1_000);
    this.idleMinMs = Math.min(this.idleMaxMs, options.idleMinMs ?? 50);
    this.random = options.random ?? Math.random;
    this.again = new AgainPolls({ clock: this.clock, onDue: () => this.startDueAgain() });
    const intervalMs = positive("pollIntervalMs", options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
    this.deps = {
      scheduler: options.scheduler,
      apis: new PollApiCache({
        client: options.client,
        resolveToken: options.resolveToken,
        clock: this.clock,
        ttlMs: options.apiCacheTtlMs,
      }),
      clock: this.clock,
      timing: { ...options.timing, intervalMs, random: options.timing?.random ?? this.random },
      // The commit must land while the lease still holds: the API calls get half of it.
      budgetMs: Math.floor(this.leaseMs / 2),
      metrics: options.metrics ?? noopPollMetrics,
      logger: this.logger,
      hooks: options.hooks,
      ...(options.rejections ? { rejections: options.rejections } : {}),
      detectors: options.detectors,
      claims: new ClaimCache({ detectors: options.detectors }),
      holds: this.holds,
    };
    const jitter = this.deps.timing.jitter ?? DEFAULT_JITTER;
    this.holdPeriodMs = holdPeriod(intervalMs, jitter);
    this.holdPolls = this.holdPeriodMs === null ? 1 : holdPolls(intervalMs, jitter, this.leaseMs);
  }

  get running(): boolean {
    return this.loop !== null;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.wake = new AbortController();
    this.logger.info({ shards: this.scheduler.shards, concurrency: this.concurrency }, "poll worker started");
    if (this.holdPeriodMs !== null) {
      const period = this.holdPeriodMs;
      this.holdTimer = setInterval(() => this.extendHolds(period), period);
      this.holdTimer.unref();
    }
    this.loop = this.run().finally(() => {
      if (this.holdTimer) clearInterval(this.holdTimer);
      this.holdTimer = null;
      this.loop = null;
    });
  }

  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake.abort();
    await this.loop;
    this.logger.info("poll worker stopped");
  }

  /** One round, for tests and tools that drive time themselves; not to be mixed with start(). */
  async sweep(): Promise<PollResult[]> {
    const results: PollResult[] = [];
    for (let shard = 0; shard < this.scheduler.shards; shard++) {
      const claimed = await this.scheduler.claim(
        shard,
        this.clock.now(),
        this.leaseMs,
        this.batch,
        this.workerId,
      );
      results.push(...(await mapLimit(claimed, this.concurrency, (c) => pollOnce(c, this.deps))));
    }
    return results;
  }

  private async run(): Promise<void> {
    const shards = Array.from({ length: this.scheduler.shards }, (_, i) => i);
    let loopErrors = 0;
    while (!this.stopping) {
      try {
        // A small backlog only: what this process cannot start soon is better left to another replica.
        while (!this.stopping && this.queue.length >= this.concurrency) await this.nextChange();
        if (this.stopping) break;
        const started = performance.now();
        const room = Math.max(
          1,
          Math.min(this.batch, BACKLOG_ROUNDS * this.concurrency - this.queue.length - this.active),
        );
        // An equal share of the room per shard, in one script run.
        const share = Math.max(1, Math.ceil(room / shards.length));
        const now = this.clock.now();
        const rounds = await this.scheduler.claimShards(
          shards,
          now,
          this.leaseMs,
          share,
          this.workerId,
          this.holdsFor(share * shards.length, now),
        );
        const claimedAt = performance.now();
        loopErrors = 0;
        let claimed = 0;
        let full = false;
        for (const targets of rounds) {
          for (const target of targets) {
            this.queue.push(this.queued(target, now));
            this.holds.add(target, claimedAt);
          }
          claimed += targets.length;
          full ||= targets.length === share;
        }
        this.pump();
        if (claimed === 0) {
          await this.idle();
        } else if (!full) {
          // Not behind: pace rounds so targets are claimed in batches, at the price of idleMinMs of latency.
          await this.pause(started + this.idleMinMs - performance.now());
        }
      } catch (error) {
        // Redis down or a script error: never leave the loop; try again after a backoff.
        loopErrors++;
        this.logger.error({ err: (error as Error).message, attempt: loopErrors }, "poll loop failed");
        await this.pause(
          1_000 + backoffDelay(loopErrors, { baseMs: 500, maxMs: 15_000, random: this.random }),
        );
      }
    }
    // Drain: everything claimed is polled and committed, so no target waits for its lease to pass.
    this.pump();
    while (this.active > 0 || this.committing > 0 || this.queue.length > 0) await this.nextChange();
    await this.letHeldGo();
  }

  /** On stop, held claims are made due at their earliest next poll so another worker takes them then. */
  private async letHeldGo(): Promise<void> {
    const next = this.again.drain();
    if (next.length === 0) return;
    const held = next.map((poll) => poll.claimed);
    try {
      await this.scheduler.extend(held, next[0]!.due);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, claims: held.length }, "held claims not let go");
    }
  }

  /** None when holds are off: every claim leases. */
  private holdsFor(count: number, now: number): number[] {
    if (this.holdPeriodMs === null) return [];
    const holds = new Array<number>(count);
    for (let i = 0; i < count; i++) holds[i] = this.holdPolls * (nextPollAt(now, this.deps.timing) - now);
    return holds;
  }

  private queued(claimed: ClaimedTarget, now: number): QueuedPoll {
    const step = claimed.heldUntil === null ? 0 : (claimed.heldUntil - now) / this.holdPolls;
    const poll = { claimed, due: now, step };
    claimed.refresh = readsRefresh(poll, now);
    return poll;
  }

  /** One whose hold would end before it could surely be extended is left to the next claim. */
  private startDueAgain(): void {
    if (this.stopping) return;
    const now = this.clock.now();
    const heldAt = performance.now();
    const shortest = 2.5 * (this.holdPeriodMs ?? 0);
    for (const poll of this.again.takeDue(now)) {
      const { claimed } = poll;
      if (claimed.heldUntil === null || claimed.heldUntil - now < shortest) continue;
      claimed.refresh = readsRefresh(poll, now);
      this.queue.push(poll);
      this.holds.add(claimed, heldAt);
    }
    this.pump();
    this.again.arm();
  }

  // Each poll has at least 2.5 periods of hold left when started, so it is extended half a period before
  // the hold runs out; a failed extension only makes a second poll's commit stale, nothing doubled.
  private extendHolds(period: number): void {
    const old = this.holds.takeOlderThan(performance.now() - period);
    if (old.length === 0) return;
    this.scheduler.extend(old, this.clock.now() + this.leaseMs).catch((error: unknown) => {
      this.logger.warn({ err: (error as Error).message, claims: old.length }, "held claims not extended");
    });
  }

  // Commits are bounded apart (twice `concurrency`): a slow Redis holds polls back without stalling GETs.
  private pump(): void {
    while (
      this.active < this.concurrency &&
      this.committing < 2 * this.concurrency &&
      this.queue.length > 0
    ) {
      const poll = this.queue.shift()!;
      this.active++;
      void this.pollOne(poll);
    }
  }

  private async pollOne(poll: QueuedPoll): Promise<void> {
    const slot = new PollSlot(this);
    try {
      const result = await pollOnce(poll.claimed, this.deps, slot);
      if (result.held) this.again.add(poll, !this.stopping);
    } catch (error) {
      // pollOnce never rejects; this is for a bug, so that the loop's accounting stays right.
      this.logger.error({ target: poll.claimed.target, err: (error as Error).message }, "poll crashed");
    } finally {
      if (slot.fetching) this.active--;
      else this.committing--;
      this.pump();
      this.notify();
    }
  }

  fetched(): void {
    this.active--;
    this.committing++;
    this.pump();
    this.notify();
  }

  private nextChange(): Promise<void> {
    this.changed ??= deferred();
    return this.changed.promise;
  }

  private notify(): void {
    const changed = this.changed;
    this.changed = null;
    changed?.resolve();
  }

  private async idle(): Promise<void> {
    const now = this.clock.now();
    const shards = Array.from({ length: this.scheduler.shards }, (_, i) => i);
    const waits = await Promise.all(shards.map((s) => this.scheduler.nextDueIn(s, now, this.idleMaxMs)));
    const wait = Math.min(this.idleMaxMs, ...waits);
    await this.pause(Math.max(this.idleMinMs, wait));
  }

  private async pause(ms: number): Promise<void> {
    if (ms <= 0 || this.stopping) return;
    try {
      await sleep(ms, this.wake.signal);
    } catch {
      // stop() cut the sleep short.
    }
  }
}

/** One poll's place in the worker's counts (pollOnce's progress), without a closure per poll. */
class PollSlot implements PollProgress {
  fetching = true;
  constructor(private readonly worker: PollWorker) {}

  fetched(): void {
    if (!this.fetching) return;
    this.fetching = false;
    this.worker.fetched();
  }
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
