import type { Button, KnownBlock } from "@slack/types";
import type { UnfurlCardView } from "../services/unfurl-cards";
import type { UnfurlChoice } from "../store/unfurl-consent-store";
import { tryEncode } from "./codec";
import { unfurlPromptCodec } from "./codecs";
import { actions, blocks as blockIds } from "./ids";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

/** What a question or an answer names: the first card's monitor (or incident), and how many more. */
export function unfurlTitle(views: readonly UnfurlCardView[]): string {
  const first = views[0];
  const name = first?.monitor?.name ?? (first?.incident ? `incident #${first.incident.id}` : "this link");
  const more = views.length > 1 ? ` and ${views.length - 1} more` : "";
  return `*${escapeMrkdwn(truncate(name, 100))}*${more}`;
}

/**
 * The question to the person who posted a link (docs/slack-app.md "Link unfurls"), ephemeral where they
 * posted it, or in their DM with the app (`channel` named) when the app cannot post there.
 */
export function renderUnfurlPrompt(input: { title: string; promptId: string; channel?: string }): Rendered {
  const where = input.channel ? `in <#${input.channel}>` : "here";
  const text = `Show a live preview of ${input.title} to everyone ${where}?`;
  const value = tryEncode(unfurlPromptCodec, { promptId: input.promptId });
  const button = (action_id: string, label: string, style?: "primary"): Button => ({
    type: "button",
    action_id,
    text: plainText(label, limits.buttonText),
    ...(value ? { value } : {}),
    ...(style ? { style } : {}),
  });
  const blocks: KnownBlock[] = [
    { type: "section", text: mrkdwn(text) },
    {
      type: "context",
      elements: [
        mrkdwn(
          "The preview is read with your Uptime token and kept up to date while the incident lasts. *Show* previews your links in this conversation from now on; *Never* stops them everywhere (App Home turns them back on).",
        ),
      ],
    },
    {
      type: "actions",
      block_id: blockIds.unfurlPrompt,
      elements: [
        button(actions.unfurlShow, "Show", "primary"),
        button(actions.unfurlNotHere, "Not here"),
        button(actions.unfurlNever, "Never"),
      ],
    },
  ];
  return { text, blocks };
}

/** What replaces the question once answered (`expired`: answered already, or no longer open). */
export function renderUnfurlAnswer(choice: UnfurlChoice | "expired", title = "this link"): Rendered {
  switch (choice) {
    case "expired":
      return { text: "This question was already answered or has expired: nothing changed." };
    case "show":
      return {
        text: `Showing a live preview of ${title}. Your links in this conversation will be previewed from now on without asking.`,
      };
    case "not-here":
      return {
        text: "No preview. Your links in this conversation will not be previewed, and you will not be asked again here.",
      };
    case "never":
      return {
        text: "No preview. Your links will not be previewed anywhere; App Home's *Link previews* turns them back on.",
      };
  }
}
