// When the transport tries a request again and how long it waits first (A2); which requests may be
// retried at all (GET and acknowledge) is the caller's (Session).
import { backoffDelay } from "../lib/backoff";
import {
  ApiError,
  NetworkError,
  parseRetryAfter,
  RateLimitError,
  ServerError,
  type UptimeError,
} from "./errors";

export interface RetryOptions {
  /** Retries after the first attempt (GET and acknowledge only). */
  retries: number;
  /** First backoff delay in ms; doubles per attempt, with full jitter (src/lib/backoff). */
  baseMs: number;
  /** Largest backoff delay in ms. */
  maxMs: number;
  /** A `Retry-After` longer than this is not waited for: the RateLimitError goes to the caller. */
  maxRetryAfterMs: number;
  /** Random source in [0, 1) for the jitter. */
  random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 2, baseMs: 250, maxMs: 4_000, maxRetryAfterMs: 30_000 };

/** Codes after which another attempt cannot help. */
const FINAL_CODES = new Set(["UND_ERR_CLOSED", "UND_ERR_DESTROYED", "UND_ERR_INVALID_ARG"]);

/** Whether another attempt may succeed where `err` failed. */
export function isRetryable(err: UptimeError, signal: AbortSignal | undefined): boolean {
  // Once the caller's signal has fired (a deadline's TimeoutError is a NetworkError), another attempt
  // could only sleep on a fired signal.
  if (signal?.aborted) return false;
  if (err instanceof ServerError || err instanceof RateLimitError) return true;
  return err instanceof NetworkError && !(err.transportCode !== null && FINAL_CODES.has(err.transportCode));
}

/** Retry-After when the server sent one (null = longer than the cap: give up), else backoff. */
export function delayBeforeRetry(error: UptimeError, attempt: number, retry: RetryOptions): number | null {
  if (error instanceof ApiError) {
    // A2: 429 carries Retry-After; a 503 that sends one is honoured the same way.
    const after = parseRetryAfter(error.headers["retry-after"]);
    if (after !== null) {
      const ms = after * 1000;
      return ms > retry.maxRetryAfterMs ? null : ms;
    }
  }
  return backoffDelay(attempt, retry);
}
