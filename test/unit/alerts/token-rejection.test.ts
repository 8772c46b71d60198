import { describe, expect, it } from "vitest";
import { retryPollAt } from "../../../src/alerts/engine/poll/poll-timing";
import {
  confirmRejection,
  DEFAULT_REJECTION_POLICY,
  pauseReasonOf,
  rejectionPolicy,
  rejectionRetryAt,
  rejectionStep,
} from "../../../src/alerts/engine/poll/token-rejection";
import {
  channelCanBeTold,
  isPermanentSlackError,
  isTokenPauseReason,
  PAUSE_REASONS,
  PERMANENT_SLACK_ERRORS,
} from "../../../src/domain/pause-reasons";
import {
  type ApiError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  ServerError,
} from "../../../src/uptime";

function apiError<T extends ApiError>(
  Kind: new (init: ConstructorParameters<typeof ServerError>[0]) => T,
  status: number,
): T {
  const request = { method: "GET", path: "/users/me" };
  return new Kind({ status, title: "x", detail: null, errors: [], headers: {}, request, rawBody: "" });
}

const NOW = Date.parse("2026-03-10T12:00:00Z");
const MIN = 60_000;

describe("when token rejections pause a target", () => {
  const policy = DEFAULT_REJECTION_POLICY;
  const streak = (count: number, sinceMinAgo: number, paused: string | null = null) => ({
    count,
    since: NOW - sinceMinAgo * MIN,
    paused,
  });

  it("defaults to 3 polls over at least 2 minutes, re-checked every 5 minutes", () => {
    expect(policy).toEqual({ minPolls: 3, minStreakMs: 2 * MIN, recheckMs: 5 * MIN });
  });

  it("waits until both the poll count and the time are reached, then asks for the check", () => {
    expect(rejectionStep(streak(1, 0), NOW, policy)).toBe("wait");
    expect(rejectionStep(streak(3, 1.9), NOW, policy)).toBe("wait");
    expect(rejectionStep(streak(2, 30), NOW, policy)).toBe("wait");
    expect(rejectionStep(streak(3, 2), NOW, policy)).toBe("confirm");
    expect(rejectionStep(streak(40, 60), NOW, policy)).toBe("confirm");
  });

  it("leaves a paused target paused (nobody is told again)", () => {
    expect(rejectionStep(streak(1, 0, "token_rejected"), NOW, policy)).toBe("paused");
    expect(rejectionStep(streak(9, 30, "team_access_lost"), NOW, policy)).toBe("paused");
  });

  it("takes shorter windows from options and refuses nonsense", () => {
    expect(rejectionPolicy({ minStreakMs: 1_000 })).toEqual({ ...policy, minStreakMs: 1_000 });
    expect(() => rejectionPolicy({ minPolls: 0 })).toThrow("minPolls must be a positive number");
    expect(() => rejectionPolicy({ recheckMs: Number.NaN })).toThrow(RangeError);
  });

  it("retries a rejected target with the usual backoff, at most a quarter of the window apart", () => {
    const timing = { intervalMs: 5_000, random: () => 0.5 };
    expect(rejectionRetryAt(NOW, 1, timing, policy)).toBe(retryPollAt(NOW, 1, timing));
    expect(rejectionRetryAt(NOW, 8, timing, policy)).toBe(NOW + 30_000);
    // Never sooner than the poll interval, however short the window.
    expect(rejectionRetryAt(NOW, 8, timing, { ...policy, minStreakMs: 1_000 })).toBe(NOW + 5_000);
  });

  it("names the pause reason of each kind", () => {
    expect(pauseReasonOf("unauthorized")).toBe("token_rejected");
    expect(pauseReasonOf("no_token")).toBe("not_logged_in");
    expect(pauseReasonOf("no_access")).toBe("team_access_lost");
  });
});

describe("the check that confirms a streak", () => {
  const answering = (me: () => Promise<unknown>, team: () => Promise<unknown> = me) => ({
    users: { me } as never,
    teams: { get: team } as never,
  });
  const fails = (error: Error) => () => Promise.reject(error);
  const ok = () => Promise.resolve({});

  it("confirms a 401 only when GET /users/me answers 401 too", async () => {
    expect(
      await confirmRejection(answering(fails(apiError(AuthenticationError, 401))), "unauthorized", "1"),
    ).toBe("unauthorized");
    expect(await confirmRejection(answering(ok), "unauthorized", "1")).toBeNull();
    expect(
      await confirmRejection(answering(fails(apiError(ServerError, 503))), "unauthorized", "1"),
    ).toBeNull();
  });

  it("confirms a lost team only when GET /teams/{id} answers 403 or 404", async () => {
    const teamFails = (error: Error) => answering(ok, fails(error));
    expect(await confirmRejection(teamFails(apiError(PermissionDeniedError, 403)), "no_access", "1")).toBe(
      "no_access",
    );
    expect(await confirmRejection(teamFails(apiError(NotFoundError, 404)), "no_access", "1")).toBe(
      "no_access",
    );
    expect(await confirmRejection(answering(ok), "no_access", "1")).toBeNull();
    expect(await confirmRejection(teamFails(apiError(ServerError, 500)), "no_access", "1")).toBeNull();
  });

  it("takes a 401 to GET /teams/{id} as a suspicion: only GET /users/me answering 401 confirms a refused token", async () => {
    const team401 = fails(apiError(AuthenticationError, 401));
    expect(await confirmRejection(answering(ok, team401), "no_access", "1")).toBeNull();
    expect(
      await confirmRejection(answering(fails(apiError(ServerError, 503)), team401), "no_access", "1"),
    ).toBeNull();
    expect(
      await confirmRejection(answering(fails(apiError(AuthenticationError, 401)), team401), "no_access", "1"),
    ).toBe("unauthorized");
  });

  it("takes a lost link as confirmed: there is no token to check", async () => {
    expect(await confirmRejection(null, "no_token", "1")).toBe("no_token");
    expect(await confirmRejection(null, "unauthorized", "1")).toBe("unauthorized");
  });
});

describe("the one list of pause reasons", () => {
  it("holds the token reasons and the permanent Slack errors, each once", () => {
    expect(new Set(PAUSE_REASONS).size).toBe(PAUSE_REASONS.length);
    for (const code of [
      "channel_not_found",
      "is_archived",
      "not_in_channel",
      "account_inactive",
      "missing_scope",
    ]) {
      expect(isPermanentSlackError(code)).toBe(true);
      expect(PAUSE_REASONS).toContain(code);
    }
    expect(isPermanentSlackError("ratelimited")).toBe(false);
    expect(isTokenPauseReason("token_rejected")).toBe(true);
    expect(isTokenPauseReason("not_in_channel")).toBe(false);
  });

  it("tells the channel itself only about token pauses: after a Slack error it cannot be posted in", () => {
    expect(channelCanBeTold("token_rejected")).toBe(true);
    expect(channelCanBeTold("team_access_lost")).toBe(true);
    for (const code of PERMANENT_SLACK_ERRORS) expect(channelCanBeTold(code)).toBe(false);
  });
});
