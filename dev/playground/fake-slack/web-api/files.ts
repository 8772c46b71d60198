import { intArg, jsonArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import { slackId } from "../ids";
import { botAuthor } from "../messages";
import type { FakeSlackState } from "../state";
import type { Conversation, FakeSlackConfig, SlackFileObject, StoredFile } from "../types";
import { blocksArg, postTarget } from "./common";
import type { MethodContext, MethodTable } from "./context";

function fileType(filename: string): { filetype: string; mimetype: string; pretty: string } {
  const ext = filename.includes(".") ? (filename.split(".").pop() ?? "").toLowerCase() : "";
  const known: Record<string, { filetype: string; mimetype: string; pretty: string }> = {
    txt: { filetype: "text", mimetype: "text/plain", pretty: "Plain Text" },
    csv: { filetype: "csv", mimetype: "text/csv", pretty: "CSV" },
    json: { filetype: "json", mimetype: "application/json", pretty: "JSON" },
    png: { filetype: "png", mimetype: "image/png", pretty: "PNG" },
    svg: { filetype: "svg", mimetype: "image/svg+xml", pretty: "SVG" },
  };
  return known[ext] ?? { filetype: "binary", mimetype: "application/octet-stream", pretty: "Binary" };
}

/** The file object Slack returns (files.completeUploadExternal, message `files`). */
export function fileObject(
  config: FakeSlackConfig,
  baseUrl: string,
  file: StoredFile,
  conversations: Conversation[],
) {
  const type = fileType(file.filename);
  const object: SlackFileObject = {
    id: file.id,
    created: file.created,
    timestamp: file.created,
    name: file.filename,
    title: file.title,
    mimetype: type.mimetype,
    filetype: type.filetype,
    pretty_type: type.pretty,
    user: config.botUserId,
    size: file.length,
    url_private: `${baseUrl}/files-pri/${config.teamId}-${file.id}/${encodeURIComponent(file.filename)}`,
    url_private_download: `${baseUrl}/files-pri/${config.teamId}-${file.id}/download/${encodeURIComponent(file.filename)}`,
    permalink: `https://${config.teamDomain}.slack.com/files/${config.botUserId}/${file.id}/${encodeURIComponent(file.filename)}`,
    is_public: conversations.some((c) => !c.isPrivate),
    channels: conversations.filter((c) => !c.isPrivate).map((c) => c.id),
    groups: conversations.filter((c) => c.isPrivate && !c.isIm).map((c) => c.id),
    ims: conversations.filter((c) => c.isIm).map((c) => c.id),
  };
  return object;
}

/** The bytes a client POSTs to an upload_url (WebClient sends multipart/form-data with one file part). */
export function acceptUpload(
  state: FakeSlackState,
  fileId: string,
  args: Record<string, unknown>,
  raw: Buffer,
) {
  const file = state.files.get(fileId);
  if (!file || file.completed) return undefined;
  const part = Object.values(args).find((v): v is Buffer => Buffer.isBuffer(v));
  file.content = part ?? raw;
  file.uploaded = true;
  state.putFile(file);
  return file;
}

function conversationsOf(ctx: MethodContext, file: StoredFile): Conversation[] {
  return file.channels
    .map((id) => ctx.state.conversation(id))
    .filter((c): c is Conversation => c !== undefined);
}

export const filesMethods: MethodTable = {
  "files.getUploadURLExternal": {
    token: "bot",
    handle(args, ctx) {
      const filename = stringArg(args, "filename");
      const length = intArg(args, "length");
      if (filename === undefined || length === undefined) throw new SlackApiError("invalid_arguments");
      // Slack: missing_argument "typically only occurs when the length provided is 0".
      if (length <= 0) throw new SlackApiError("missing_argument");
      const altText = stringArg(args, "alt_txt") ?? stringArg(args, "alt_text");
      const snippetType = stringArg(args, "snippet_type");
      const file: StoredFile = {
        id: slackId("F"),
        filename,
        title: filename,
        length,
        ...(altText ? { altText } : {}),
        ...(snippetType ? { snippetType } : {}),
        uploaded: false,
        completed: false,
        created: Math.floor(ctx.clock.now() / 1000),
        channels: [],
      };
      ctx.state.putFile(file);
      return { upload_url: `${ctx.baseUrl}/upload/v1/${file.id}`, file_id: file.id };
    },
  },

  "files.completeUploadExternal": {
    token: "bot",
    handle(args, ctx) {
      const list = jsonArg(args, "files", () => new SlackApiError("invalid_arguments"));
      if (!Array.isArray(list) || list.length === 0) throw new SlackApiError("invalid_arguments");
      const files = list.map((entry) => {
        const id = typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined;
        const file = typeof id === "string" ? ctx.state.files.get(id) : undefined;
        // Assumption: an id that was never handed out or never received bytes is reported as file_not_found.
        if (!file?.uploaded) throw new SlackApiError("file_not_found");
        const title = (entry as { title?: unknown }).title;
        if (typeof title === "string" && title !== "") file.title = title;
        return file;
      });
      const channelIds = [
        ...(stringArg(args, "channel_id") ? [stringArg(args, "channel_id") as string] : []),
        ...(stringArg(args, "channels") ?? "")
          .split(",")
          .map((c) => c.trim())
          .filter((c) => c !== ""),
      ];
      const targets = channelIds.map((id) => postTarget(ctx, id));
      const threadTs = stringArg(args, "thread_ts");
      const comment = stringArg(args, "initial_comment");
      // Slack: "If the initial_comment field is provided, the blocks field is ignored".
      const blocks = comment === undefined ? blocksArg(args) : undefined;
      for (const file of files) {
        file.completed = true;
        file.completedAt = ctx.clock.now();
        file.channels = [...new Set([...file.channels, ...targets.map((t) => t.id)])];
        ctx.state.putFile(file);
      }
      for (const target of targets) {
        ctx.state.addMessage(target.id, {
          ...botAuthor(ctx.config),
          text: comment ?? "",
          ...(blocks ? { blocks } : {}),
          files: files.map((f) => fileObject(ctx.config, ctx.baseUrl, f, conversationsOf(ctx, f))),
          upload: true,
          ...(threadTs ? { thread_ts: threadTs } : {}),
        });
      }
      return { files: files.map((f) => fileObject(ctx.config, ctx.baseUrl, f, conversationsOf(ctx, f))) };
    },
  },
};
