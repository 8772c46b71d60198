import type { Clock } from "../../../src/lib/clock";

/**
 * Token bucket per key (a channel, or a method): Slack allows "1 per second" per channel for posting, with
 * short bursts (https://docs.slack.dev/apis/web-api/rate-limits). `take` answers 0 when the call may proceed, else the seconds to wait (Retry-After).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {}

  /** `rate` overrides the limiter's own rate and burst for this key (per-method tiers share one limiter). */
  take(key: string, rate?: { perSecond: number; burst: number }): number {
    const perSecond = rate?.perSecond ?? this.perSecond;
    const burst = rate?.burst ?? this.burst;
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    // Retry-After is whole seconds; at least 1 so that a client never retries at once.
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }
}
