// The alert clients' Slack timings by default, in a module of their own (no @slack/* import): config.ts
// takes them as the defaults of SLACK_ALERT_CALL_TIMEOUT_MS and ALERT_POST_SETTLE_MS.

/** How long one Slack call may take (docs/architecture.md section 5): a stalled call must not hold its channel. */
export const SLACK_CALL_TIMEOUT_MS = 10_000;

/**
 * How long after a post was sent its outcome may still change: the call timeout plus the time Slack may take
 * to finish a call whose client already gave up. The retry's wait of alerts/engine/channel-posting.ts; here, by
 * the call timeout it depends on, so that config.ts can take both as defaults without the alerts module.
 */
export const POST_SETTLE_MS = 30_000;
