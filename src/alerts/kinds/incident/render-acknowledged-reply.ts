import { escapeMrkdwn, mrkdwn, truncate } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";

/** Named, not mentioned: a `<@U…>` would notify the very person who just acted. */
export function renderAcknowledgedReply(input: { name: string | null; inSlack: boolean }): RenderedAlert {
  const who = input.inSlack
    ? input.name
      ? `by ${escapeMrkdwn(truncate(input.name, 80))}`
      : "in Slack"
    : "in the Uptime app";
  const text = `👀 Acknowledged ${who}`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
