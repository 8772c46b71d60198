import type { WebClient } from "@slack/web-api";
import { slackCall } from "./slack-call";

/**
 * Canvases (https://docs.slack.dev/reference/methods/canvases.create, canvases.edit, canvases.access.set;
 * bot scope canvases:write): a standalone canvas made by the app, then shared with one channel, rather than
 * that channel's own canvas (conversations.canvases.create), which a channel has only one of and which the
 * team may already use for something else. Errors are Slack's typed errors (slack-call.ts).
 */
export async function createCanvas(
  client: WebClient,
  input: { title: string; markdown: string; channelId: string },
): Promise<string> {
  const created = await slackCall(() =>
    client.canvases.create({
      title: input.title,
      document_content: { type: "markdown", markdown: input.markdown },
    }),
  );
  const canvasId = (created as { canvas_id?: unknown }).canvas_id;
  if (typeof canvasId !== "string") throw new Error("canvases.create answered no canvas_id");
  // Write access: the people of the channel fill in the cause, the impact and the follow-ups.
  await slackCall(() =>
    client.canvases.access.set({
      canvas_id: canvasId,
      access_level: "write",
      channel_ids: [input.channelId],
    }),
  );
  return canvasId;
}

/** The whole document replaced ("replace" without a section_id): one operation a call, as Slack allows. */
export async function replaceCanvas(client: WebClient, canvasId: string, markdown: string): Promise<void> {
  await slackCall(() =>
    client.canvases.edit({
      canvas_id: canvasId,
      changes: [{ operation: "replace", document_content: { type: "markdown", markdown } }],
    }),
  );
}
