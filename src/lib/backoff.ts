export interface BackoffOptions {
  /** Delay of the first retry, in ms. */
  baseMs: number;
  /** Largest delay, in ms. */
  maxMs: number;
  /** Random source in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

/** Exponential backoff with full jitter: a random delay in [0, min(max, base * 2^attempt)). */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs, random = Math.random }: BackoffOptions,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

/** Sleeps for `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
