import { POST_SETTLE_MS } from "../../slack/slack-timeouts";

/**
 * How long after a post was sent its outcome may still change, by default (slack-call.ts): the Slack call
 * timeout (10 s, SLACK_ALERT_CALL_TIMEOUT_MS) plus the time Slack may take to finish a call whose client
 * already gave up. A retry waits this long after the attempt before it posts again (docs/architecture.md
 * section 5, "nothing posted twice"). ALERT_POST_SETTLE_MS sets it (src/config/config.ts, which keeps it longer
 * than the call timeout).
 */
export { POST_SETTLE_MS };

/**
 * How long a retry must still wait before posting again, for an earlier attempt not found by its metadata:
 * 0 once that attempt can no longer land (`settleMs` after it), or when Slack answered it (a 429 posted
 * nothing). The one rule of alert messages (AlertDelivery.postOnce) and digests (DigestDelivery).
 */
export function settleWaitMs(
  attempt: { at: number; answered?: boolean | undefined },
  now: number,
  settleMs: number = POST_SETTLE_MS,
): number {
  return attempt.answered ? 0 : Math.max(0, attempt.at + settleMs - now);
}
