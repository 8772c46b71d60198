import { createHash } from "node:crypto";
import type { Keyspace } from "./keys";
import type { BucketSpec, TokenBuckets } from "./token-buckets";

/**
 * The API's limit per token as this deployment assumes it (A12: the reference shows none): requests per
 * second, and how many of them are kept for polling (UPTIME_API_RATE_PER_TOKEN, UPTIME_API_POLL_RESERVE).
 */
export interface ApiBudgetLimits {
  perSecond: number;
  pollReserve: number;
}

export const DEFAULT_API_BUDGET: ApiBudgetLimits = { perSecond: 20, pollReserve: 5 };

/** Taken now or after `waitMs`, or not before `waitMs` (longer than the caller would wait). */
export type ApiBudgetTake = { ok: true; waitMs: number } | { ok: false; waitMs: number };

/**
 * The interactive share of each API token's rate limit (docs/architecture.md section 10, A12): commands
 * spend from a bucket of `perSecond - pollReserve` requests a second (one second's worth at once), kept in
 * Redis under the token's short hash so that every replica spends from the same one. Polls do not spend
 * from it: whatever commands do, the reserve stays theirs. A 429 empties it until its Retry-After.
 */
export class ApiBudgetStore {
  private readonly spec: BucketSpec;

  constructor(
    private readonly deps: { buckets: TokenBuckets; keys: Keyspace; limits?: Partial<ApiBudgetLimits> },
  ) {
    const l = { ...DEFAULT_API_BUDGET, ...deps.limits };
    const interactive = Math.max(0.1, l.perSecond - l.pollReserve);
    this.spec = { capacity: Math.max(1, interactive), perSecond: interactive };
  }

  /** `requests` requests of `token` (all or none), reserved up to `longestWaitMs` ahead. */
  async take(token: string, longestWaitMs: number, requests = 1): Promise<ApiBudgetTake> {
    const took = await this.deps.buckets.take(this.key(token), this.spec, requests, longestWaitMs);
    return took.taken ? { ok: true, waitMs: took.waitMs } : { ok: false, waitMs: took.waitMs };
  }

  /** The API answered 429 to `token`: no replica spends from its share for `retryAfterMs`. */
  async limited(token: string, retryAfterMs: number): Promise<void> {
    await this.deps.buckets.drain(this.key(token), this.spec, retryAfterMs);
  }

  private key(token: string): string {
    // The same short SHA-256 as a poll target's token group (alerts/engine/poll/poll-target.ts): never the token.
    return this.deps.keys.apiBudget(createHash("sha256").update(token, "utf8").digest("hex").slice(0, 16));
  }
}
