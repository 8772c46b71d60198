import type { WebClient } from "@slack/web-api";
import type { Logger } from "../lib/logger";
import type { Rendered } from "../ui/reply";
import { respondTo } from "./respond-to";

/** Where to answer a user outside a request that carries `respond` (a view submission). */
export interface AnswerTarget {
  userId: string;
  channelId?: string | undefined;
  /** From the block action that opened the modal (an ephemeral message): its answer replaces that message. */
  responseUrl?: string | undefined;
}

/**
 * Tells the user something ephemerally: through the response_url when there is one, else as an ephemeral
 * message in the channel, else (no channel, or the bot may not post there) in a DM from the bot.
 */
export async function answerUser(
  client: WebClient,
  logger: Logger,
  target: AnswerTarget,
  message: Rendered,
): Promise<void> {
  if (target.responseUrl) {
    try {
      await respondTo(target.responseUrl)({ response_type: "ephemeral", replace_original: true, ...message });
      return;
    } catch (err) {
      // RespondError (Slack refused it: expired, used up) or a network failure: the channel still works.
      logger.info({ err }, "response_url failed; trying the channel");
    }
  }
  if (target.channelId) {
    try {
      await client.chat.postEphemeral({ channel: target.channelId, user: target.userId, ...message });
      return;
    } catch (err) {
      // not_in_channel, channel_not_found...: the DM below still reaches the user.
      logger.info({ err }, "ephemeral answer failed; sending a DM");
    }
  }
  await client.chat.postMessage({ channel: target.userId, ...message });
}
