import type { TokenPauseReason } from "../../../domain/pause-reasons";
import type { RejectionStreak } from "../../../store/poll-target-types";
import { AuthenticationError, NotFoundError, PermissionDeniedError, type UptimeApi } from "../../../uptime";
import { type PollTimingOptions, retryPollAt } from "./poll-timing";

// A 401/403/404 is not a verdict (a login-layer deploy answers 401 for a while); the streak lives in Redis.

export type RejectionKind = "unauthorized" | "no_access" | "no_token";

export interface RejectionPolicy {
  /** Rejected polls in a row before a check may confirm them (default 3). */
  minPolls: number;
  /** And at least this long since the first of them, in ms (default 2 minutes). */
  minStreakMs: number;
  /** A paused target is re-checked (polled again) this often, in ms (default 5 minutes). */
  recheckMs: number;
}

export const DEFAULT_REJECTION_POLICY: RejectionPolicy = Object.freeze({
  minPolls: 3,
  minStreakMs: 2 * 60_000,
  recheckMs: 5 * 60_000,
});

export function rejectionPolicy(options: Partial<RejectionPolicy> = {}): RejectionPolicy {
  const policy = { ...DEFAULT_REJECTION_POLICY, ...options };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`rejection policy ${name} must be a positive number, got ${value}`);
    }
  }
  return policy;
}

/** `paused`: tell nobody again; `confirm`: run confirmRejection; `wait`: retry with the usual backoff. */
export function rejectionStep(
  streak: RejectionStreak,
  now: number,
  policy: RejectionPolicy,
): "paused" | "confirm" | "wait" {
  if (streak.paused !== null) return "paused";
  if (streak.count >= policy.minPolls && now - streak.since >= policy.minStreakMs) return "confirm";
  return "wait";
}

/** At most a quarter of the streak window apart, so the streak is judged soon after the window. */
export function rejectionRetryAt(
  now: number,
  failures: number,
  timing: PollTimingOptions,
  policy: RejectionPolicy,
): number {
  const cap = now + Math.max(timing.intervalMs, policy.minStreakMs / 4);
  return Math.min(retryPollAt(now, failures, timing), Math.round(cap));
}

/** No token is said as such: the API was never asked, so it is never blamed. */
export function pauseReasonOf(kind: RejectionKind): TokenPauseReason {
  switch (kind) {
    case "no_access":
      return "team_access_lost";
    case "no_token":
      return "not_logged_in";
    case "unauthorized":
      return "token_rejected";
  }
}

// A 401 is confirmed only by `GET /users/me` (section 7, one token policy: the token is refused, not one
// endpoint); a 403/404 by `GET /teams/{id}`. Anything else confirms nothing (null): keep retrying.
export async function confirmRejection(
  api: Pick<UptimeApi, "users" | "teams"> | null,
  kind: RejectionKind,
  apiTeamId: string,
  options: { signal?: AbortSignal } = {},
): Promise<RejectionKind | null> {
  if (kind === "no_token" || api === null) return kind;
  if (kind === "unauthorized") return (await meRefused(api, options)) ? "unauthorized" : null;
  try {
    await api.teams.get(apiTeamId, options);
    return null;
  } catch (error) {
    if (error instanceof PermissionDeniedError || error instanceof NotFoundError) return "no_access";
    if (error instanceof AuthenticationError && (await meRefused(api, options))) return "unauthorized";
    return null;
  }
}

/** True only when `GET /users/me` answers 401 to this token; anything else proves nothing. */
export async function meRefused(
  api: Pick<UptimeApi, "users">,
  options: { signal?: AbortSignal } = {},
): Promise<boolean> {
  try {
    await api.users.me(options);
    return false;
  } catch (error) {
    return error instanceof AuthenticationError;
  }
}
