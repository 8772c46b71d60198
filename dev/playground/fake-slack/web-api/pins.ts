import { stringArg } from "../args";
import { SlackApiError } from "../errors";
import type { MethodContext, MethodTable } from "./context";

/**
 * The message a pin call names, refused as Slack refuses it (https://docs.slack.dev/reference/methods/pins.add,
 * "Errors"): an unknown channel, or a private one the bot is not in, is `channel_not_found`; a public channel
 * the bot is not in is `not_in_channel` (a bot token acts only in conversations it is a member of); a missing
 * or unknown timestamp is `no_item_specified` / `message_not_found`. The scope (pins:write) is checked before,
 * from scope-table.ts.
 */
function pinTarget(args: Record<string, unknown>, ctx: MethodContext): { channel: string; ts: string } {
  const id = stringArg(args, "channel");
  const conversation = id === undefined ? undefined : ctx.state.findConversation(id);
  if (!conversation) throw new SlackApiError("channel_not_found");
  if (!ctx.state.isMember(conversation, ctx.config.botUserId)) {
    throw new SlackApiError(conversation.isPrivate ? "channel_not_found" : "not_in_channel");
  }
  // "The message cannot be ... within a frozen, archived or deleted channel" (chat.update's wording).
  if (conversation.isArchived) throw new SlackApiError("is_archived");
  const ts = stringArg(args, "timestamp");
  if (ts === undefined) throw new SlackApiError("no_item_specified");
  if (!ctx.state.findMessage(conversation.id, ts)) throw new SlackApiError("message_not_found");
  return { channel: conversation.id, ts };
}

export const pinsMethods: MethodTable = {
  "pins.add": {
    token: "bot",
    handle(args, ctx) {
      const { channel, ts } = pinTarget(args, ctx);
      const pinned = ctx.state.pins.get(channel) ?? new Set<string>();
      // "already_pinned: The specified item is already pinned to the channel." (pins.add, "Errors").
      if (pinned.has(ts)) throw new SlackApiError("already_pinned");
      pinned.add(ts);
      ctx.state.pins.set(channel, pinned);
      return {};
    },
  },
  "pins.remove": {
    token: "bot",
    handle(args, ctx) {
      const { channel, ts } = pinTarget(args, ctx);
      // "no_pin: The specified item is not pinned to the channel." (https://docs.slack.dev/reference/methods/pins.remove).
      if (!ctx.state.pins.get(channel)?.delete(ts)) throw new SlackApiError("no_pin");
      return {};
    },
  },
};
