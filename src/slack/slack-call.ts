import { ErrorCode } from "@slack/web-api";
import {
  SlackError,
  type SlackFailure,
  SlackRateLimitedError,
  SlackTransientError,
  slackErrorFor,
} from "./slack-errors";

export { SLACK_CALL_TIMEOUT_MS } from "./slack-timeouts";

/**
 * The one place that reads @slack/web-api's errors (their `code`, `data.error`, `retryAfter`): any error a
 * Web API call threw, as one of slack-errors.ts. A platform error is known by its `data.error`, the code
 * Slack answered with. Anything the SDK did not raise (a bug of ours inside the call) is "transient" with
 * reason `other`: a caller that acts on Slack's answers rethrows the original for `app.error`.
 */
export function slackErrorOf(error: unknown): SlackFailure {
  // Already narrowed (a call inside slackCall that called slackCall).
  if (error instanceof SlackError) return error as SlackFailure;
  const e = (error ?? {}) as {
    code?: unknown;
    retryAfter?: unknown;
    data?: { error?: unknown };
    statusCode?: unknown;
  };
  if (e.code === ErrorCode.RateLimitedError) return new SlackRateLimitedError(Number(e.retryAfter) || 1);
  if (typeof e.data?.error === "string") return slackErrorFor(e.data.error);
  if (e.code === ErrorCode.HTTPError)
    return new SlackTransientError(`http_${e.statusCode ?? "error"}`, { cause: error, reason: "http" });
  if (e.code === ErrorCode.RequestError)
    return new SlackTransientError("request_error", { cause: error, reason: "network" });
  return new SlackTransientError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** Runs one Web API call and throws what failed as slack-errors.ts's typed errors (slackErrorOf). */
export async function slackCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw slackErrorOf(error);
  }
}
