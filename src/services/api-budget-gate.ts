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

/**
 * The gate of a person's interactive API calls (docs/architecture.md section 10): each attempt spends from
 * the token's interactive share in Redis, waiting briefly when it is nearly used up, and a longer wait is
 * an ApiBudgetError instead of a request taken from the polls' reserve. A 429 empties the share for its
 * Retry-After on every replica. Redis failing is not the person's fault: the call goes (logged).
 */
export function apiBudgetGate(
  budget: ApiBudgetStore,
  token: string,
  logger: Logger,
  longestWaitMs = API_BUDGET_WAIT_MS,
): CallGate {
  return {
    async admit(signal) {
      let took: Awaited<ReturnType<ApiBudgetStore["take"]>>;
      try {
        took = await budget.take(token, longestWaitMs);
      } catch (err) {
        logger.warn({ err }, "api budget unreadable; the request goes");
        return;
      }
      if (!took.ok) throw new ApiBudgetError(took.waitMs);
      if (took.waitMs > 0) await sleep(took.waitMs, signal);
    },
    limited(retryAfterSeconds) {
      // A2: Retry-After in seconds; without one, one second, the simulator's and the retry policy's floor.
      const ms = Math.max(1, retryAfterSeconds ?? 1) * 1000;
      budget.limited(token, ms).catch((err) => logger.warn({ err }, "api budget: 429 not recorded"));
    },
  };
}
