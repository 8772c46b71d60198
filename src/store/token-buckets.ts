import type { RedisClient } from "./redis-connection";
import { type ScriptRunner, scriptRunner } from "./scripts";

/** A bucket's shape: how many tokens it holds when full, and how fast it fills again. */
export interface BucketSpec {
  capacity: number;
  perSecond: number;
}

/** What a take answered: taken now (or after `waitMs`, reserved), or refused until `waitMs` from now. */
export type BucketTake = { taken: true; waitMs: number } | { taken: false; waitMs: number };

/**
 * Token buckets in Redis (bucket-take-1.lua, bucket-drain-1.lua), so that every replica spends from the
 * same ones. Redis's clock decides unless a test gives `now`.
 */
export class TokenBuckets {
  private readonly scripts: ScriptRunner;
  private readonly now: (() => number) | undefined;

  constructor(deps: { redis: RedisClient; now?: () => number }) {
    this.scripts = scriptRunner(deps.redis);
    this.now = deps.now;
  }

  /** Takes `cost` tokens; with `longestWaitMs` > 0 they may be reserved up to that far ahead. */
  async take(key: string, spec: BucketSpec, cost = 1, longestWaitMs = 0): Promise<BucketTake> {
    const [taken, waitMs] = await this.scripts.run(
      "bucket-take",
      [key],
      [spec.capacity, spec.perSecond, cost, Math.max(0, Math.round(longestWaitMs)), this.clock()],
    );
    return { taken: taken === 1, waitMs: Number(waitMs) } as BucketTake;
  }

  /** Empties the bucket for `forMs` (a 429's Retry-After): nobody takes from it before then. */
  async drain(key: string, spec: BucketSpec, forMs: number): Promise<void> {
    await this.scripts.run(
      "bucket-drain",
      [key],
      [spec.capacity, spec.perSecond, Math.round(forMs), this.clock()],
    );
  }

  private clock(): string {
    return this.now ? String(Math.round(this.now())) : "";
  }
}
