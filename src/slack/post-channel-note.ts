import type { RespondArguments } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { Rendered } from "../ui/reply";
import { slackErrorOf } from "./slack-call";

/**
 * Posts a note IN the channel, visible to everyone (docs/architecture.md section 1: unsubscribing and muting say who did
 * it there). When Slack refuses the post (the app is not in the channel: a slash command works anywhere), the
 * caller at least hears it ephemerally. Anything else is unexpected and reaches `app.error`.
 */
export async function postChannelNote(
  client: WebClient,
  respond: (message: RespondArguments) => Promise<unknown>,
  channelId: string,
  note: Rendered,
): Promise<void> {
  try {
    await client.chat.postMessage({ channel: channelId, ...note, unfurl_links: false, unfurl_media: false });
  } catch (error) {
    if (slackErrorOf(error).kind !== "slack.refused") throw error;
    await respond({ response_type: "ephemeral", replace_original: false, ...note });
  }
}
