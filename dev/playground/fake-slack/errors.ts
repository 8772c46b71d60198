/** A Web API error as Slack reports it: HTTP 200 with `{ ok: false, error }`. */
export class SlackApiError extends Error {
  override readonly name = "SlackApiError";
  constructor(
    readonly code: string,
    /** Slack's `response_metadata.messages`, e.g. "[ERROR] no more than 50 items allowed [json-pointer:/blocks]". */
    readonly messages: string[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** Slack's rate limit answer: HTTP 429 with `Retry-After` in seconds. */
export class SlackRateLimitedError extends Error {
  override readonly name = "SlackRateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super(`ratelimited, retry after ${retryAfterSeconds}s`);
  }
}

/** The fake was driven wrongly by a test or the playground (unknown user, missing appUrl...). */
export class FakeSlackUsageError extends Error {
  override readonly name = "FakeSlackUsageError";
}

/** The bot did not acknowledge a delivery in time (Slack shows "operation_timeout" after 3 s). */
export class AckTimeoutError extends Error {
  override readonly name = "AckTimeoutError";
  constructor(
    readonly via: "http" | "socket",
    readonly timeoutMs: number,
  ) {
    super(`the app did not acknowledge within ${timeoutMs} ms (${via})`);
  }
}
