import { backoffDelay } from "../../../lib/backoff";

// Pure: the scheduler's commit script only stores what this computes.

export interface PollTimingOptions {
  intervalMs: number;
  /** Share of the interval added or removed at random, so that targets added together spread out. */
  jitter?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
}

export const DEFAULT_JITTER = 0.1;
const DEFAULT_BACKOFF_BASE_MS = 5_000;
const DEFAULT_BACKOFF_MAX_MS = 5 * 60_000;

export function nextPollAt(now: number, options: PollTimingOptions): number {
  const { intervalMs, jitter = DEFAULT_JITTER, random = Math.random } = options;
  return Math.round(now + intervalMs * (1 - jitter + 2 * jitter * random()));
}

// Equal jitter so a retry never comes back at once; never sooner than the interval, so failing is not faster.
export function retryPollAt(now: number, failures: number, options: PollTimingOptions): number {
  const {
    intervalMs,
    backoffBaseMs = DEFAULT_BACKOFF_BASE_MS,
    backoffMaxMs = DEFAULT_BACKOFF_MAX_MS,
    random,
  } = options;
  const attempt = Math.max(0, failures - 1);
  const ceiling = Math.min(backoffMaxMs, backoffBaseMs * 2 ** attempt);
  const half = ceiling / 2;
  const delay = half + backoffDelay(attempt, { baseMs: backoffBaseMs / 2, maxMs: half, random });
  return Math.round(now + Math.max(intervalMs, delay));
}

/** A 429's Retry-After (seconds, A2) as the end of the token group's cool-down; at least one interval. */
export function coolDownUntil(now: number, retryAfterSeconds: number | null, minimumMs: number): number {
  const seconds = retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 0;
  return Math.round(now + Math.max(minimumMs, seconds * 1000));
}
