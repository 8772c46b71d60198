import { describe, expect, it } from "vitest";
import {
  classifyPollError,
  DEFAULT_REJECTED_RETRY_MS,
  failureCommit,
  isRejection,
  TokenUnavailableError,
} from "../../../src/alerts/engine/poll/poll-failure";
import { PollTargetError } from "../../../src/alerts/engine/poll/poll-target";
import { retryPollAt } from "../../../src/alerts/engine/poll/poll-timing";
import {
  type ApiError,
  AuthenticationError,
  ClientError,
  DecodeError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../../../src/uptime";

const REQUEST = { method: "GET", path: "/teams/1/checks" };
const NOW = Date.parse("2026-03-10T12:00:00Z");
const TIMING = { intervalMs: 5_000, random: () => 0.5 };

function apiError<T extends ApiError>(
  Kind: new (init: ConstructorParameters<typeof ServerError>[0]) => T,
  status: number,
  headers: Record<string, string> = {},
): T {
  return new Kind({ status, title: "x", detail: null, errors: [], headers, request: REQUEST, rawBody: "" });
}

describe("poll failure kinds", () => {
  it("names every client error the poller can meet", () => {
    expect(classifyPollError(apiError(AuthenticationError, 401))).toBe("unauthorized");
    expect(classifyPollError(apiError(PermissionDeniedError, 403))).toBe("no_access");
    expect(classifyPollError(apiError(NotFoundError, 404))).toBe("no_access");
    expect(classifyPollError(apiError(RateLimitError, 429))).toBe("rate_limited");
    expect(classifyPollError(apiError(ServerError, 503))).toBe("server");
    expect(classifyPollError(apiError(ClientError, 400))).toBe("client");
    expect(classifyPollError(new TimeoutError("headers", REQUEST, null))).toBe("timeout");
    expect(classifyPollError(new TimeoutError("deadline", REQUEST, null))).toBe("timeout");
    expect(classifyPollError(new NetworkError("reset", REQUEST, "ECONNRESET"))).toBe("network");
    expect(classifyPollError(new DecodeError([{ path: "data", message: "missing" }]))).toBe("decode");
    expect(classifyPollError(new TokenUnavailableError("gone"))).toBe("no_token");
    expect(classifyPollError(new PollTargetError("bad meta"))).toBe("meta");
    expect(classifyPollError(new TypeError("bug"))).toBe("internal");
  });

  it("treats a 401, a lost link and a lost team as rejections (the subscriptions get paused)", () => {
    expect(["unauthorized", "no_access", "no_token"].every((k) => isRejection(k as never))).toBe(true);
    expect(isRejection("server")).toBe(false);
    expect(isRejection("rate_limited")).toBe(false);
  });
});

describe("what a failed poll commits", () => {
  const context = { now: NOW, failures: 2, tokenGroup: "abcd", timing: TIMING };

  it("never writes state or events, and always counts the failure", () => {
    for (const kind of ["unauthorized", "rate_limited", "server", "decode", "meta"] as const) {
      const input = failureCommit(kind, new Error("x"), context);
      expect(input.state).toBeUndefined();
      expect(input.events).toBeUndefined();
      expect(input.failures).toBe("increment");
    }
  });

  it("backs off exponentially after server, network, timeout and decode failures", () => {
    for (const kind of ["server", "network", "timeout", "decode", "client", "internal"] as const) {
      expect(failureCommit(kind, null, context)).toEqual({
        now: NOW,
        failures: "increment",
        nextDueAt: retryPollAt(NOW, 3, TIMING),
      });
    }
    const first = failureCommit("server", null, { ...context, failures: 0 }).nextDueAt;
    const fourth = failureCommit("server", null, { ...context, failures: 3 }).nextDueAt;
    expect(first).toBeGreaterThanOrEqual(NOW + TIMING.intervalMs);
    expect(fourth).toBeGreaterThan(first);
  });

  it("looks again much later after unusable meta", () => {
    expect(failureCommit("meta", null, context).nextDueAt).toBe(NOW + DEFAULT_REJECTED_RETRY_MS);
    expect(failureCommit("meta", null, { ...context, rejectedRetryMs: 1_000 }).nextDueAt).toBe(NOW + 1_000);
  });

  it("retries a token rejection with the usual backoff: one rejection is not a verdict (the streak decides)", () => {
    for (const kind of ["unauthorized", "no_access", "no_token"] as const) {
      expect(failureCommit(kind, null, context).nextDueAt).toBe(
        retryPollAt(NOW, context.failures + 1, TIMING),
      );
    }
  });

  it("cools the whole token group down until Retry-After, never sooner than the interval", () => {
    const long = apiError(RateLimitError, 429, { "retry-after": "30" });
    expect(failureCommit("rate_limited", long, context)).toEqual({
      now: NOW,
      failures: "increment",
      nextDueAt: NOW + 30_000,
      coolDownGroup: "abcd",
      coolDownUntil: NOW + 30_000,
    });
    const short = apiError(RateLimitError, 429, { "retry-after": "1" });
    expect(failureCommit("rate_limited", short, context).coolDownUntil).toBe(NOW + TIMING.intervalMs);
    const none = failureCommit("rate_limited", short, { ...context, tokenGroup: null });
    expect(none.coolDownGroup).toBeUndefined();
    expect(none.nextDueAt).toBe(NOW + TIMING.intervalMs);
  });
});
