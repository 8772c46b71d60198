import { boolArg, intArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import { toApiMessage } from "../messages";
import { compareTs, tsToMicros } from "../slack-ts";
import { isChannelLevel } from "../state";
import type { StoredMessage } from "../types";
import {
  conversationObject,
  decodeCursor,
  encodeCursor,
  readableConversation,
  visibleConversation,
} from "./common";
import type { MethodTable } from "./context";

function limitArg(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || value <= 0) return fallback;
  return Math.min(value, max);
}

/** Range filter of conversations.history/.replies: oldest/latest, exclusive unless `inclusive`. */
function inRange(message: StoredMessage, oldest: number, latest: number, inclusive: boolean): boolean {
  const at = tsToMicros(message.ts) ?? 0;
  return inclusive ? at >= oldest && at <= latest : at > oldest && at < latest;
}

function tsBound(value: string | undefined, error: string, fallback: number): number {
  if (value === undefined) return fallback;
  const micros = tsToMicros(value);
  if (micros === undefined) throw new SlackApiError(error);
  return micros;
}

export const conversationsMethods: MethodTable = {
  "conversations.history": {
    token: "bot",
    userToken: true,
    handle(args, ctx) {
      const conversation = readableConversation(ctx, stringArg(args, "channel"));
      // Slack: default 100, at most 999 per page.
      const limit = limitArg(intArg(args, "limit"), 100, 999);
      const latestArg = stringArg(args, "latest");
      const oldest = tsBound(stringArg(args, "oldest"), "invalid_ts_oldest", 0);
      const latest = tsBound(latestArg, "invalid_ts_latest", Number.MAX_SAFE_INTEGER);
      const inclusive = boolArg(args, "inclusive") === true;
      const includeMetadata = boolArg(args, "include_all_metadata") === true;
      const nextTs = decodeCursor(stringArg(args, "cursor"), "next_ts");
      const cursorAt = nextTs === undefined ? Number.MAX_SAFE_INTEGER : tsBound(nextTs, "invalid_cursor", 0);

      const candidates = conversation.messages
        .filter(isChannelLevel)
        .filter((m) => inRange(m, oldest, latest, inclusive) && (tsToMicros(m.ts) ?? 0) <= cursorAt)
        .sort((a, b) => compareTs(b.ts, a.ts));
      const page = candidates.slice(0, limit);
      const rest = candidates[limit];
      return {
        messages: page.map((m) => toApiMessage(m, { includeMetadata })),
        has_more: rest !== undefined,
        pin_count: 0,
        channel_actions_ts: null,
        channel_actions_count: 0,
        ...(latestArg !== undefined ? { latest: latestArg } : {}),
        ...(rest ? { response_metadata: { next_cursor: encodeCursor("next_ts", rest.ts) } } : {}),
      };
    },
  },

  "conversations.replies": {
    token: "bot",
    userToken: true,
    handle(args, ctx) {
      const conversation = readableConversation(ctx, stringArg(args, "channel"));
      const ts = stringArg(args, "ts");
      const message = ts === undefined ? undefined : ctx.state.findMessage(conversation.id, ts);
      if (!message) throw new SlackApiError("thread_not_found");
      const parentTs = message.thread_ts ?? message.ts;
      const parent = ctx.state.findMessage(conversation.id, parentTs) ?? message;
      const limit = limitArg(intArg(args, "limit"), 1000, 1000);
      const oldest = tsBound(stringArg(args, "oldest"), "invalid_ts_oldest", 0);
      const latest = tsBound(stringArg(args, "latest"), "invalid_ts_latest", Number.MAX_SAFE_INTEGER);
      const inclusive = boolArg(args, "inclusive") !== false;
      const includeMetadata = boolArg(args, "include_all_metadata") === true;
      const nextTs = decodeCursor(stringArg(args, "cursor"), "next_ts");
      const cursorAt = nextTs === undefined ? 0 : tsBound(nextTs, "invalid_cursor", 0);

      // The parent comes first on every page, replies oldest first after it (Slack's order).
      const replies = ctx.state
        .replies(conversation.id, parent.ts)
        .filter((m) => inRange(m, oldest, latest, inclusive) && (tsToMicros(m.ts) ?? 0) >= cursorAt);
      const page = replies.slice(0, Math.max(0, limit - 1));
      const rest = replies[page.length];
      return {
        messages: [parent, ...page].map((m) => toApiMessage(m, { includeMetadata })),
        has_more: rest !== undefined,
        ...(rest ? { response_metadata: { next_cursor: encodeCursor("next_ts", rest.ts) } } : {}),
      };
    },
  },

  "conversations.info": {
    token: "bot",
    userToken: true,
    handle(args, ctx) {
      const conversation = visibleConversation(ctx, stringArg(args, "channel"));
      const object = conversationObject(ctx.state, conversation, ctx.caller ?? ctx.config.botUserId);
      return {
        channel: boolArg(args, "include_num_members")
          ? { ...object, num_members: conversation.members.length }
          : object,
      };
    },
  },

  "conversations.open": {
    token: "bot",
    handle(args, ctx) {
      const channel = stringArg(args, "channel");
      if (channel !== undefined) {
        const existing = ctx.state.conversation(channel);
        if (!existing || !(existing.isIm || existing.isMpim)) throw new SlackApiError("channel_not_found");
        return { no_op: true, already_open: true, channel: { id: existing.id } };
      }
      const users = (stringArg(args, "users") ?? "")
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u !== "" && u !== ctx.config.botUserId);
      if (users.length === 0) throw new SlackApiError("users_list_not_supplied");
      if (users.length > 8) throw new SlackApiError("too_many_users");
      for (const user of users) if (!ctx.state.users.has(user)) throw new SlackApiError("user_not_found");
      const first = users[0];
      const { conversation, alreadyOpen } =
        users.length === 1 && first !== undefined ? ctx.state.openIm(first) : ctx.state.openMpim(users);
      const full = boolArg(args, "return_im") === true;
      return {
        ...(alreadyOpen ? { no_op: true, already_open: true } : {}),
        channel: full
          ? conversationObject(ctx.state, conversation, ctx.config.botUserId)
          : { id: conversation.id },
      };
    },
  },

  "conversations.members": {
    token: "bot",
    userToken: true,
    handle(args, ctx) {
      const conversation = visibleConversation(ctx, stringArg(args, "channel"));
      const limit = limitArg(intArg(args, "limit"), 100, 1000);
      const offsetText = decodeCursor(stringArg(args, "cursor"), "offset");
      const offset = offsetText === undefined ? 0 : Number(offsetText);
      if (!Number.isInteger(offset) || offset < 0) throw new SlackApiError("invalid_cursor");
      const members = conversation.members.slice(offset, offset + limit);
      const more = offset + limit < conversation.members.length;
      return {
        members,
        response_metadata: { next_cursor: more ? encodeCursor("offset", String(offset + limit)) : "" },
      };
    },
  },
};
