import { POST_SETTLE_MS } from "../../slack/slack-timeouts";

// The call timeout plus the time Slack may take to finish a call the client gave up on.
export { POST_SETTLE_MS };

/** 0 once the earlier attempt can no longer land, or when Slack answered it (a 429 posted nothing). */
export function settleWaitMs(
  attempt: { at: number; answered?: boolean | undefined },
  now: number,
  settleMs: number = POST_SETTLE_MS,
): number {
  return attempt.answered ? 0 : Math.max(0, attempt.at + settleMs - now);
}
