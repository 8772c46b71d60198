/**
 * How long after a post was sent its outcome may still change: the Slack call timeout (10 s) plus the time
 * Slack may take to finish a call whose client already gave up. A retry waits this long after the attempt
 * before it posts again (docs/architecture.md section 5, "nothing posted twice").
 */
export const POST_SETTLE_MS = 30_000;

/**
 * How long a retry must still wait before posting again, for an earlier attempt not found by its metadata:
 * 0 once that attempt can no longer land, or when Slack answered it (a 429 posted nothing). The one rule of
 * alert messages (AlertDelivery.postOnce) and digests (DigestDelivery).
 */
export function settleWaitMs(attempt: { at: number; answered?: boolean | undefined }, now: number): number {
  return attempt.answered ? 0 : Math.max(0, attempt.at + POST_SETTLE_MS - now);
}
