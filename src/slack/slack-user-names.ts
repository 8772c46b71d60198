import type { WebClient } from "@slack/web-api";
import type { Logger } from "../lib/logger";

/**
 * Users looked up per message at most: a shared subscription list names a handful of people; past this,
 * the rest are shown by their ids rather than holding the share up for one users.info call each.
 */
export const MAX_NAMES = 20;

/**
 * Slack names of users (`users.info`, scope users:read: the display name, else the real name, else the
 * handle), to name people in a channel post without mentioning them. Those Slack cannot tell are left out;
 * a missing name never fails the post.
 */
export async function slackUserNames(
  client: WebClient,
  userIds: readonly string[],
  logger: Logger,
): Promise<Map<string, string>> {
  const found = await Promise.all(
    userIds.slice(0, MAX_NAMES).map(async (userId): Promise<[string, string] | null> => {
      try {
        const { user } = await client.users.info({ user: userId });
        const name = user?.profile?.display_name || user?.real_name || user?.name;
        return name ? [userId, name] : null;
      } catch (err) {
        logger.debug({ err, user: userId }, "users.info failed; the user is named by id");
        return null;
      }
    }),
  );
  return new Map(found.filter((entry) => entry !== null));
}
