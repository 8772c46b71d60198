import { sleep } from "../lib/backoff";
import type { Logger } from "../lib/logger";
import type { ApiBudgetStore } from "../store/api-budget-store";
import type { CallGate } from "../uptime";
import { ApiBudgetError } from "./errors";

/**
 * How long one request of a command waits for its token's interactive share (A12) before the person is
 * told to try again: long enough that a walk of many pages only slows down, short enough that Slack's
 * answer is not left hanging.
 */
export const API_BUDGET_WAIT_MS = 2000;

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
}

/**
 * The gate of a person's interactive API calls (docs/architecture.md section 10): each attempt spends from
 * the token's interactive share in Redis, waiting briefly when it is nearly used up, and a longer wait is
 * an ApiBudgetError instead of a request taken from the polls' reserve. A 429 empties the share for its
 * Retry-After on every replica. Redis failing is not the person's fault: the call goes (logged).
 *
 * The attempts a command starts together (`status` reads four things at once) ask in one Redis call: the
 * admits of one turn of the event loop are taken as one, all or none, so that the share costs a command
 * one round trip per step, not one per request.
 */
export function apiBudgetGate(
  budget: ApiBudgetStore,
  token: string,
  logger: Logger,
  longestWaitMs = API_BUDGET_WAIT_MS,
): CallGate {
  let batch: Waiter[] | null = null;

  async function flush(waiting: Waiter[]): Promise<void> {
    let took: Awaited<ReturnType<ApiBudgetStore["take"]>>;
    try {
      took = await budget.take(token, longestWaitMs, waiting.length);
    } catch (err) {
      logger.warn({ err }, "api budget unreadable; the requests go");
      for (const w of waiting) w.resolve();
      return;
    }
    if (!took.ok) {
      const refusal = new ApiBudgetError(took.waitMs);
      for (const w of waiting) w.reject(refusal);
      return;
    }
    for (const w of waiting) {
      if (took.waitMs > 0) sleep(took.waitMs, w.signal).then(w.resolve, w.reject);
      else w.resolve();
    }
  }

  return {
    admit(signal) {
      return new Promise<void>((resolve, reject) => {
        if (!batch) {
          const waiting: Waiter[] = [];
          batch = waiting;
          // After the current turn: every attempt started with this one joins it.
          setImmediate(() => {
            batch = null;
            void flush(waiting);
          });
        }
        batch.push({ resolve, reject, signal });
      });
    },
    limited(retryAfterSeconds) {
      // A2: Retry-After in seconds; without one, one second, the simulator's and the retry policy's floor.
      const ms = Math.max(1, retryAfterSeconds ?? 1) * 1000;
      budget.limited(token, ms).catch((err) => logger.warn({ err }, "api budget: 429 not recorded"));
    },
  };
}
