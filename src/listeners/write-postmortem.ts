import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../domain/workspace-ref";
import { createCanvas, replaceCanvas } from "../slack/slack-canvases";
import { SlackApiError } from "../slack/slack-errors";
import { postmortemTitle, renderPostmortem } from "../ui/render-postmortem";
import { escapeMrkdwn } from "../ui/text";
import type { ListenerDeps } from "./listener-deps";

/**
 * `/uptime postmortem <id>` and Write postmortem: the canvas made once (shared with `channelId`) and updated
 * on every later run; the answer is one sentence for the person. A service error (not linked, read-only,
 * unknown incident) is thrown for the caller's error mapping.
 */
export async function writePostmortem(
  deps: ListenerDeps,
  client: WebClient,
  user: UserRef,
  input: { incidentId: string; channelId: string },
): Promise<string> {
  const draft = await deps.services.postmortemDraft(user, { incidentId: input.incidentId });
  const id = `#${escapeMrkdwn(draft.incidentId)}`;
  const markdown = renderPostmortem(draft.content);
  try {
    if (draft.canvas.kind === "busy") {
      return `:hourglass_flowing_sand: The postmortem of incident ${id} is being made right now: run it again in a moment to update it.`;
    }
    if (draft.canvas.kind === "existing") {
      await replaceCanvas(client, draft.canvas.canvasId, markdown);
      return `:memo: Updated the postmortem canvas of incident ${id} with its timeline and notes.`;
    }
    const claim = draft.canvas.claim;
    let canvasId: string;
    try {
      canvasId = await createCanvas(client, {
        title: postmortemTitle(draft.content),
        markdown,
        channelId: input.channelId,
      });
    } catch (error) {
      await deps.services.postmortemFailed(user, { incidentId: draft.incidentId, claim });
      throw error;
    }
    await deps.services.postmortemSaved(user, { incidentId: draft.incidentId, canvasId });
    return `:memo: Wrote the postmortem canvas of incident ${id} and shared it with <#${escapeMrkdwn(input.channelId)}>: fill in the cause, the impact and the follow-ups there.`;
  } catch (error) {
    if (!(error instanceof SlackApiError)) throw error;
    // Canvases need a paid plan and the canvases:write scope (docs/slack-app.md "Postmortem canvases").
    return `:warning: Slack refused the postmortem canvas (\`${escapeMrkdwn(error.slackError)}\`): canvases need a paid Slack plan and the app's \`canvases:write\` scope. Nothing was written.`;
  }
}
