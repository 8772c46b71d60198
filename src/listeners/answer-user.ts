import type { WebClient } from "@slack/web-api";
import type { Logger } from "../lib/logger";
import type { Rendered } from "../ui/reply";

/** Where to answer a user outside a request that carries `respond` (a view submission). */
export interface AnswerTarget {
  userId: string;
  channelId?: string | undefined;
  /** From the block action that opened the modal (an ephemeral message): its answer replaces that message. */
  responseUrl?: string | undefined;
}

// A response_url answer is one small POST; Slack answers quickly or not at all.
const RESPONSE_URL_TIMEOUT_MS = 5000;

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
      const response = await fetch(target.responseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ response_type: "ephemeral", replace_original: true, ...message }),
        signal: AbortSignal.timeout(RESPONSE_URL_TIMEOUT_MS),
      });
      if (response.ok) return;
      logger.info({ status: response.status }, "response_url refused the answer; trying the channel");
    } catch (err) {
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
