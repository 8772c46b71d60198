import { type Args, jsonArg, stringArg } from "../args";
import { blockProblems, LIMITS, slackFileProblems } from "../block-validation";
import { SlackApiError } from "../errors";
import type { FakeSlackState } from "../state";
import type { Conversation, MessageMetadata } from "../types";
import type { MethodContext } from "./context";

/** Slack truncates longer text and rejects much longer; 40,000 characters is the documented ceiling. */
export const MAX_TEXT_LENGTH = 40_000;

/**
 * A conversation the caller (the bot, or the person of a user token) may read: private ones they are not in
 * do not exist for them (`channel_not_found`: "Value passed for channel was invalid",
 * https://docs.slack.dev/reference/methods/conversations.history, "Errors"; the bot token reads "any
 * conversation the relevant bot is a member of"), public ones need a join.
 */
export function readableConversation(ctx: MethodContext, channel: string | undefined): Conversation {
  if (channel === undefined) throw new SlackApiError("channel_not_found");
  const conversation = ctx.state.findConversation(channel);
  if (!conversation) throw new SlackApiError("channel_not_found");
  if (!ctx.state.isMember(conversation, ctx.caller ?? ctx.config.botUserId)) {
    throw new SlackApiError(conversation.isPrivate ? "channel_not_found" : "not_in_channel");
  }
  return conversation;
}

/**
 * A conversation the caller (the bot, or the person of a user token) may see, by id only (as
 * conversations.info / .members take it): a private one they are not in does not exist for them
 * (`channel_not_found`, https://docs.slack.dev/reference/methods/conversations.info, "Errors"); a public one
 * needs no join.
 */
export function visibleConversation(ctx: MethodContext, channel: string | undefined): Conversation {
  const conversation = channel === undefined ? undefined : ctx.state.conversation(channel);
  if (!conversation) throw new SlackApiError("channel_not_found");
  if (conversation.isPrivate && !ctx.state.isMember(conversation, ctx.caller ?? ctx.config.botUserId)) {
    throw new SlackApiError("channel_not_found");
  }
  return conversation;
}

/**
 * Where chat.postMessage / postEphemeral / files go: a channel id or name, or a user id, which posts to the
 * app's DM with that user (opened on the way). The bot must be a member (`not_in_channel`, chat.postMessage's
 * errors: https://docs.slack.dev/reference/methods/chat.postMessage), unless `publicWithoutJoin` (chat.postMessage
 * with the chat:write.public scope, "Send messages to channels your Slack app isn't a member of":
 * https://docs.slack.dev/reference/scopes/chat.write.public) and the channel is public.
 */
export function postTarget(
  ctx: MethodContext,
  channel: string | undefined,
  options: { publicWithoutJoin?: boolean } = {},
): Conversation {
  if (channel === undefined) throw new SlackApiError("channel_not_found");
  if (/^[UW][A-Z0-9]+$/.test(channel)) {
    if (!ctx.state.users.has(channel)) throw new SlackApiError("channel_not_found");
    return ctx.state.openIm(channel).conversation;
  }
  const conversation = ctx.state.findConversation(channel);
  if (!conversation) throw new SlackApiError("channel_not_found");
  const member = ctx.state.isMember(conversation, ctx.config.botUserId);
  if (conversation.isPrivate && !member) throw new SlackApiError("channel_not_found");
  if (conversation.isArchived) throw new SlackApiError("is_archived");
  if (!member && !(options.publicWithoutJoin && !conversation.isPrivate))
    throw new SlackApiError("not_in_channel");
  return conversation;
}

/** `blocks`: a JSON array (a JSON string in form bodies) of objects with a `type`, at most `max`. */
export function blocksArg(
  args: Args,
  max: number = LIMITS.messageBlocks,
  ctx?: Pick<MethodContext, "state" | "clock">,
): unknown[] | undefined {
  const blocks = jsonArg(args, "blocks", () => new SlackApiError("invalid_blocks_format"));
  if (blocks === undefined) return undefined;
  if (!Array.isArray(blocks)) throw new SlackApiError("invalid_blocks_format");
  const problems = blockProblems(blocks, max, "/blocks");
  if (ctx) problems.push(...slackFileProblems(ctx.state.files, blocks, ctx.clock.now()));
  if (problems.length > 0) throw new SlackApiError("invalid_blocks", problems);
  return blocks;
}

export function attachmentsArg(args: Args): unknown[] | undefined {
  const attachments = jsonArg(args, "attachments", () => new SlackApiError("invalid_attachments"));
  if (attachments === undefined) return undefined;
  if (!Array.isArray(attachments)) throw new SlackApiError("invalid_attachments");
  // Slack: "A maximum of 100 attachments are allowed on a message."
  if (attachments.length > 100) throw new SlackApiError("too_many_attachments");
  return attachments;
}

/** Message metadata: `{ event_type, event_payload }`; an empty object removes it on chat.update. */
export function metadataArg(args: Args): MessageMetadata | null | undefined {
  const metadata = jsonArg(args, "metadata", () => new SlackApiError("invalid_metadata_format"));
  if (metadata === undefined) return undefined;
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) {
    throw new SlackApiError("invalid_metadata_format");
  }
  const { event_type, event_payload } = metadata as Record<string, unknown>;
  if (event_type === undefined && event_payload === undefined) return null;
  if (typeof event_type !== "string" || event_type === "") throw new SlackApiError("invalid_metadata_schema");
  if (typeof event_payload !== "object" || event_payload === null || Array.isArray(event_payload)) {
    throw new SlackApiError("invalid_metadata_schema");
  }
  return { event_type, event_payload: event_payload as Record<string, unknown> };
}

export function textArg(args: Args): string | undefined {
  const text = stringArg(args, "text");
  if (text !== undefined && text.length > MAX_TEXT_LENGTH) throw new SlackApiError("msg_too_long");
  return text;
}

/** The conversation object of conversations.info / .open. */
export function conversationObject(state: FakeSlackState, c: Conversation, botUserId: string) {
  if (c.isIm) {
    return {
      id: c.id,
      created: c.created,
      is_im: true,
      is_org_shared: false,
      user: c.imUser,
      is_user_deleted: false,
    };
  }
  return {
    id: c.id,
    name: c.name,
    name_normalized: c.name,
    is_channel: !c.isMpim,
    is_group: false,
    is_im: false,
    is_mpim: c.isMpim,
    is_private: c.isPrivate,
    is_archived: c.isArchived,
    is_general: c.name === "general",
    is_shared: c.isExtShared === true,
    is_ext_shared: c.isExtShared === true,
    is_org_shared: false,
    is_member: c.members.includes(botUserId),
    created: c.created,
    creator: [...state.users.keys()][0] ?? botUserId,
    unlinked: 0,
    topic: { value: "", creator: "", last_set: 0 },
    purpose: { value: "", creator: "", last_set: 0 },
  };
}

/** Opaque cursors like Slack's (base64 of "next_ts:<ts>" or "offset:<n>"). */
export function encodeCursor(kind: string, value: string): string {
  return Buffer.from(`${kind}:${value}`).toString("base64");
}

export function decodeCursor(cursor: string | undefined, kind: string): string | undefined {
  if (cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, "base64").toString("utf8");
  if (!decoded.startsWith(`${kind}:`)) throw new SlackApiError("invalid_cursor");
  return decoded.slice(kind.length + 1);
}
