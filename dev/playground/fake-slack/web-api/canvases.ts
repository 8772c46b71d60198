import { jsonArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import { slackId } from "../ids";
import type { FakeCanvas } from "../types";
import type { MethodContext, MethodTable } from "./context";

/**
 * "The markdown content is limited to 1 MiB (1,048,576 characters)"
 * (https://docs.slack.dev/reference/methods/conversations.canvases.create).
 */
const MARKDOWN_MAX = 1_048_576;

/** `document_content`: `{"type": "markdown", "markdown": "..."}`, the only type the pages show. */
function markdownOf(value: unknown): string {
  const content = value as { type?: unknown; markdown?: unknown } | undefined;
  if (content?.type !== "markdown" || typeof content.markdown !== "string") {
    throw new SlackApiError("invalid_arguments", ["document_content must be {type: markdown, markdown}"]);
  }
  if (content.markdown.length > MARKDOWN_MAX) throw new SlackApiError("canvas_creation_failed");
  return content.markdown;
}

function canvasOf(args: Record<string, unknown>, ctx: MethodContext): FakeCanvas {
  const id = stringArg(args, "canvas_id");
  const canvas = id === undefined ? undefined : ctx.state.canvases.get(id);
  // "canvas_not_found: The canvas you wish to apply changes to is not available." (canvases.edit)
  if (!canvas) throw new SlackApiError("canvas_not_found");
  return canvas;
}

const invalid = (what: string) => () => new SlackApiError("invalid_arguments", [`${what} is not valid JSON`]);

/**
 * Canvases (https://docs.slack.dev/reference/methods/canvases.create, canvases.edit, canvases.access.set):
 * "Canvases are only available to Slack workspaces on a paid plan" (canvases.access.set); the fake is a
 * paid workspace. Scopes: canvases:write for each (scope-table.ts).
 */
export const canvasMethods: MethodTable = {
  // "Create canvas for a user": optional title, document_content and channel_id ("Channel ID of the channel
  // the canvas will be tabbed in"); answers `canvas_id`.
  "canvases.create": {
    token: "bot",
    handle(args, ctx) {
      const content = jsonArg(args, "document_content", invalid("document_content"));
      const channelId = stringArg(args, "channel_id");
      if (channelId !== undefined) {
        const channel = ctx.state.findConversation(channelId);
        if (!channel) throw new SlackApiError("channel_not_found");
      }
      const canvas: FakeCanvas = {
        id: slackId("F"),
        title: stringArg(args, "title") ?? "Untitled",
        markdown: content === undefined ? "" : markdownOf(content),
        ...(channelId ? { tabbedIn: channelId } : {}),
        access: new Map(),
        edits: 0,
      };
      ctx.state.canvases.set(canvas.id, canvas);
      return { canvas_id: canvas.id };
    },
  },

  // "Only one operation per API call is currently supported"; `replace` without a section_id replaces the
  // whole document; insert_at_start / insert_at_end add to it; `rename` takes title_content.
  "canvases.edit": {
    token: "bot",
    handle(args, ctx) {
      const canvas = canvasOf(args, ctx);
      const changes = jsonArg(args, "changes", invalid("changes"));
      if (!Array.isArray(changes) || changes.length !== 1) {
        throw new SlackApiError("invalid_arguments", ["changes must hold exactly one operation"]);
      }
      const change = changes[0] as {
        operation?: unknown;
        document_content?: unknown;
        title_content?: { markdown?: unknown };
        section_id?: unknown;
      };
      switch (change.operation) {
        case "replace":
          if (change.section_id !== undefined) throw new SlackApiError("canvas_editing_failed");
          canvas.markdown = markdownOf(change.document_content);
          break;
        case "insert_at_start":
          canvas.markdown = `${markdownOf(change.document_content)}\n${canvas.markdown}`;
          break;
        case "insert_at_end":
          canvas.markdown = `${canvas.markdown}\n${markdownOf(change.document_content)}`;
          break;
        case "rename":
          if (typeof change.title_content?.markdown !== "string")
            throw new SlackApiError("canvas_editing_failed");
          canvas.title = change.title_content.markdown;
          break;
        default:
          // Section operations need section ids the fake does not hand out.
          throw new SlackApiError("canvas_editing_failed");
      }
      canvas.edits++;
      return {};
    },
  },

  // access_level read, write or owner; channel_ids or user_ids, "Both channel_ids and user_ids cannot be
  // passed at the same time" ("invalid_parameters: One of user_ids or channel_ids must be defined, but not
  // both"), 1 to 20 each; owner for users only.
  "canvases.access.set": {
    token: "bot",
    handle(args, ctx) {
      const canvas = canvasOf(args, ctx);
      const level = stringArg(args, "access_level");
      if (level !== "read" && level !== "write" && level !== "owner") {
        throw new SlackApiError("invalid_arguments", ["access_level must be read, write or owner"]);
      }
      const channels = jsonArg(args, "channel_ids", invalid("channel_ids"));
      const users = jsonArg(args, "user_ids", invalid("user_ids"));
      if ((channels === undefined) === (users === undefined)) throw new SlackApiError("invalid_parameters");
      const ids = (channels ?? users) as unknown;
      if (
        !Array.isArray(ids) ||
        ids.length < 1 ||
        ids.length > 20 ||
        ids.some((i) => typeof i !== "string")
      ) {
        throw new SlackApiError("invalid_parameters");
      }
      if (channels !== undefined) {
        if (level === "owner") throw new SlackApiError("invalid_parameters");
        for (const id of ids as string[]) {
          if (!ctx.state.findConversation(id)) throw new SlackApiError("channel_not_found");
        }
      }
      for (const id of ids as string[]) canvas.access.set(id, level);
      return {};
    },
  },
};
