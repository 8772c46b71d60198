import type { ImageBlock } from "@slack/types";
import { blocks } from "../ids";
import { truncate } from "../text";

/** Slack's image block limits: alt_text 2,000 characters, title 2,000. */
const ALT_MAX = 2000;

/** The image block that shows an uploaded chart (`slack_file` by id: the file is Slack's, never a URL of ours). */
export function chartImageBlock(fileId: string, altText: string, title: string): ImageBlock {
  return {
    type: "image",
    block_id: blocks.chart,
    slack_file: { id: fileId },
    alt_text: truncate(altText, ALT_MAX),
    title: { type: "plain_text", text: truncate(title, ALT_MAX) },
  };
}
