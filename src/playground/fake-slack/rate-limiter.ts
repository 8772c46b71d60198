import type { Clock } from "../../lib/clock";

/**
 * Token bucket per key (channel): Slack allows "about one message per second per channel" with short
 * bursts. `take` answers 0 when the call may proceed, else the seconds to wait (Retry-After).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {}

  take(key: string): number {
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    // Retry-After is whole seconds; at least 1 so that a client never retries at once.
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}
