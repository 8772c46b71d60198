/**
 * A token bucket per bearer token (capacity = rate, refilled at `rate` per second of real time: the limit
 * is about request load, so it ignores the scenario clock). Answers the seconds to wait when over it.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** null when the request may pass, else the Retry-After value in whole seconds (at least 1). */
  take(token: string): number | null {
    if (!(this.perSecond > 0)) return null;
    const now = this.now();
    let b = this.buckets.get(token);
    if (!b) {
      b = { tokens: this.perSecond, at: now };
      this.buckets.set(token, b);
    }
    b.tokens = Math.min(this.perSecond, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }
}
