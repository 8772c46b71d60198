import { escapeMrkdwn, mrkdwn, truncate } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";

/**
 * The incident's timeline entry for an acknowledge: one quiet thread reply, no broadcast and no mention.
 * The acknowledger is named, not mentioned (a `<@U…>` would notify the very person who just acted); the
 * root message, edited in place, carries the mention-free `<@U…>` attribution as before.
 */
export function renderAcknowledgedReply(input: { name: string | null; inSlack: boolean }): RenderedAlert {
  const who = input.inSlack
    ? input.name
      ? `by ${escapeMrkdwn(truncate(input.name, 80))}`
      : "in Slack"
    : "in the Uptime app";
  const text = `👀 Acknowledged ${who}`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
