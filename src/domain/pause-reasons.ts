/**
 * Why a channel subscription is paused (docs/architecture.md section 5, "Never silent" and "Slack limits"): the one
 * typed list that the pause path (src/alerts), the store, the renderers and the subscribe reply share.
 * It lives in src/domain, the product's shared vocabulary, which every one of those layers may import
 * (docs/architecture.md section 2).
 */

/**
 * Slack errors that no retry fixes: the channel or the installation must change first. A delivery that
 * meets one pauses the subscription; `/uptime subscribe` meeting one while announcing creates nothing.
 */
export const PERMANENT_SLACK_ERRORS = [
  "channel_not_found",
  "is_archived",
  "is_inactive",
  "not_in_channel",
  "account_inactive",
  "invalid_auth",
  "token_revoked",
  "missing_scope",
] as const;
export type PermanentSlackErrorCode = (typeof PERMANENT_SLACK_ERRORS)[number];

/**
 * The poller can no longer use the subscriber's Uptime token: `token_rejected` (401, confirmed by
 * `GET /users/me`), `team_access_lost` (403/404 on the team, confirmed by `GET /teams/{id}`) and
 * `not_logged_in` (no token to poll with: the subscriber logged out, or no configured key opens their
 * token; the API was never asked, so it is never blamed) and `subscriber_left` (the person whose token
 * polled was deactivated in Slack or revoked the app's access: their link and token were deleted at once).
 * These resume by themselves when a re-check passes, except `subscriber_left`: a replica may still poll
 * for a minute with the token it cached, and that must not bring the alerts back; `/uptime subscribe` does.
 */
export const TOKEN_PAUSE_REASONS = [
  "token_rejected",
  "team_access_lost",
  "not_logged_in",
  "subscriber_left",
] as const;
export type TokenPauseReason = (typeof TOKEN_PAUSE_REASONS)[number];

/** The token pauses a poll that works again lifts by itself. */
export const SELF_RESUMING_PAUSE_REASONS: readonly TokenPauseReason[] = TOKEN_PAUSE_REASONS.filter(
  (reason) => reason !== "subscriber_left",
);

export const PAUSE_REASONS = [...TOKEN_PAUSE_REASONS, ...PERMANENT_SLACK_ERRORS] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export function isPermanentSlackError(code: string): code is PermanentSlackErrorCode {
  return (PERMANENT_SLACK_ERRORS as readonly string[]).includes(code);
}

export function isTokenPauseReason(reason: string): reason is TokenPauseReason {
  return (TOKEN_PAUSE_REASONS as readonly string[]).includes(reason);
}

export function isPauseReason(reason: string): reason is PauseReason {
  return (PAUSE_REASONS as readonly string[]).includes(reason);
}

/**
 * Whether the channel itself can hear about the pause. A Slack error means the app cannot post there
 * (or at all): only the subscriber's DM can carry it. A token pause leaves the channel reachable.
 */
export function channelCanBeTold(reason: PauseReason): boolean {
  return isTokenPauseReason(reason);
}
