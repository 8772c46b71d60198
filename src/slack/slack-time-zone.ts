import type { WebClient } from "@slack/web-api";
import type { Logger } from "../lib/logger";
import { isTimeZone } from "../lib/time-zone";

/** Where Slack cannot tell (users.info failed, or a zone this runtime does not know). */
export const FALLBACK_TIME_ZONE = "UTC";

/**
 * A Slack user's IANA time zone (`users.info` `tz`, scope users:read), for the 09:00 of their digests.
 * Never fails the command: UTC, and the log says why.
 */
export async function slackTimeZone(client: WebClient, userId: string, logger: Logger): Promise<string> {
  try {
    const info = await client.users.info({ user: userId });
    const tz = info.user?.tz;
    if (typeof tz === "string" && isTimeZone(tz)) return tz;
    logger.warn({ user: userId, tz }, "Slack gave no usable time zone; UTC is used");
  } catch (err) {
    logger.warn({ err, user: userId }, "users.info failed; UTC is used for the digest");
  }
  return FALLBACK_TIME_ZONE;
}
