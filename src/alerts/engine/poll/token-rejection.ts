import type { TokenPauseReason } from "../../../domain/pause-reasons";
import type { RejectionStreak } from "../../../store/poll-target-types";
import { AuthenticationError, NotFoundError, PermissionDeniedError, type UptimeApi } from "../../../uptime";
import { type PollTimingOptions, retryPollAt } from "./poll-timing";

/**
 * "Never silent" (docs/architecture.md section 5): a 401/403/404 while polling is not a verdict. A deploy of the
 * service's login layer answers 401 for a while; pausing every channel of that token and dropping the
 * token would turn a blip into silence. The pure rules are here; the streak lives in the target's hash
 * (PollTargetStore.recordRejection) so that every replica agrees.
 */

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

/** A rejection policy from partial options (tests use short windows); every value must be positive. */
export function rejectionPolicy(options: Partial<RejectionPolicy> = {}): RejectionPolicy {
  const policy = { ...DEFAULT_REJECTION_POLICY, ...options };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`rejection policy ${name} must be a positive number, got ${value}`);
    }
  }
  return policy;
}

/**
 * What one more rejected poll leads to:
 * - `paused`: the target is already paused; look again at the next re-check, tell nobody again;
 * - `confirm`: the streak is long enough in polls and in time: run the check (confirmRejection);
 * - `wait`: not yet; retry with the usual backoff, nobody is told.
 */
export function rejectionStep(
  streak: RejectionStreak,
  now: number,
  policy: RejectionPolicy,
): "paused" | "confirm" | "wait" {
  if (streak.paused !== null) return "paused";
  if (streak.count >= policy.minPolls && now - streak.since >= policy.minStreakMs) return "confirm";
  return "wait";
}

/**
 * When a rejected, not yet paused target is polled again: the usual backoff, but at most a quarter of
 * the streak window apart, so that the streak is judged soon after the window (about 2.5 minutes by
 * default) instead of after a backoff that has grown to minutes.
 */
export function rejectionRetryAt(
  now: number,
  failures: number,
  timing: PollTimingOptions,
  policy: RejectionPolicy,
): number {
  const cap = now + Math.max(timing.intervalMs, policy.minStreakMs / 4);
  return Math.min(retryPollAt(now, failures, timing), Math.round(cap));
}

/**
 * The pause reason a confirmed rejection leads to. No token to poll with (logged out, or no key opens it)
 * is said as such: the API was never asked, so it is never blamed.
 */
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

/**
 * The check that confirms a streak of rejections with a call other than the poll's own, and what it
 * confirms: `GET /users/me` answering 401 confirms a 401 (the token itself is refused, not one endpoint),
 * `GET /teams/{id}` answering 403/404 confirms that the token's user no longer sees the team. A 401 is a
 * suspicion wherever it comes from (section 7, one token policy): a 401 to the team check is confirmed
 * only by `GET /users/me` with that token, and then as a refused token, never as a lost team. A lost link
 * (no token) is confirmed by itself. Anything else (the check passes, or the API fails otherwise) confirms
 * nothing (null): the poller keeps retrying without pausing.
 */
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
async function meRefused(api: Pick<UptimeApi, "users">, options: { signal?: AbortSignal }): Promise<boolean> {
  try {
    await api.users.me(options);
    return false;
  } catch (error) {
    return error instanceof AuthenticationError;
  }
}
