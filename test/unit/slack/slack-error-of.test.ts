import { ErrorCode } from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { slackErrorOf } from "../../../src/slack/slack-call";
import {
  SlackApiError,
  SlackMessageGoneError,
  SlackPermanentError,
  SlackRateLimitedError,
  SlackTransientError,
} from "../../../src/slack/slack-errors";

// The errors as @slack/web-api 7 raises them (src/errors.ts of the SDK): a code, and what each kind carries.
const platform = (error: string) =>
  Object.assign(new Error(`An API error occurred: ${error}`), {
    code: ErrorCode.PlatformError,
    data: { ok: false, error },
  });

describe("slackErrorOf", () => {
  it("narrows Slack's refusals to the codes the bot acts on, and keeps Slack's own code", () => {
    const notIn = slackErrorOf(platform("not_in_channel"));
    expect(notIn).toBeInstanceOf(SlackPermanentError);
    expect(notIn).toMatchObject({
      kind: "slack.refused",
      slackError: "not_in_channel",
      code: "not_in_channel",
    });
    expect(slackErrorOf(platform("message_not_found"))).toBeInstanceOf(SlackMessageGoneError);
    expect(slackErrorOf(platform("hash_conflict"))).toMatchObject({ slackError: "hash_conflict" });
    const other = slackErrorOf(platform("restricted_action"));
    expect(other).toBeInstanceOf(SlackApiError);
    expect(other).not.toBeInstanceOf(SlackPermanentError);
    expect(other).toMatchObject({ slackError: "other", code: "restricted_action" });
  });

  it("tells a rate limit, a failed HTTP answer and a lost connection apart", () => {
    const limited = slackErrorOf(
      Object.assign(new Error("429"), { code: ErrorCode.RateLimitedError, retryAfter: 7 }),
    );
    expect(limited).toBeInstanceOf(SlackRateLimitedError);
    expect(limited).toMatchObject({ kind: "slack.rate-limited", retryAfterSeconds: 7 });
    const http = slackErrorOf(
      Object.assign(new Error("502"), { code: ErrorCode.HTTPError, statusCode: 502 }),
    );
    expect(http).toMatchObject({
      kind: "slack.transient",
      code: "http_502",
      reason: "http",
      mayHaveHappened: true,
    });
    const network = slackErrorOf(Object.assign(new Error("reset"), { code: ErrorCode.RequestError }));
    expect(network).toMatchObject({ code: "request_error", reason: "network", mayHaveHappened: true });
  });

  it("calls anything the SDK did not raise transient, of reason other, and passes a narrowed error on", () => {
    const bug = slackErrorOf(new TypeError("x is not a function"));
    expect(bug).toBeInstanceOf(SlackTransientError);
    expect(bug).toMatchObject({ reason: "other", mayHaveHappened: false, code: "x is not a function" });
    const narrowed = new SlackPermanentError("is_archived");
    expect(slackErrorOf(narrowed)).toBe(narrowed);
  });
});
