import { boolArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import { conversationObject } from "./common";
import type { MethodContext, MethodTable } from "./context";

/**
 * conversations.create, .invite and .archive as Slack answers them (issue 38: incident channels), each
 * refusal from the method's reference page (https://docs.slack.dev/reference/methods/<method>, "Errors").
 */

/**
 * "Channel names may only contain lowercase letters, numbers, hyphens, and underscores, and must be 80
 * characters or less" (conversations.create, "Naming"); its errors: invalid_name_required ("Value passed
 * for name was empty"), invalid_name_maxlength, invalid_name_punctuation ("contained only punctuation"),
 * invalid_name_specials ("contained unallowed special characters or upper case characters").
 */
export function channelNameRefusal(name: string | undefined): string | undefined {
  if (name === undefined || name === "") return "invalid_name_required";
  if (name.length > 80) return "invalid_name_maxlength";
  if (/^[-_]+$/.test(name)) return "invalid_name_punctuation";
  if (!/^[a-z0-9_-]+$/.test(name)) return "invalid_name_specials";
  return undefined;
}

/** A channel by id the bot may act in: a private one it is not in does not exist for it. */
function channelById(ctx: MethodContext, id: string | undefined) {
  const conversation = id === undefined ? undefined : ctx.state.conversation(id);
  if (!conversation) throw new SlackApiError("channel_not_found");
  if (
    conversation.isPrivate &&
    !conversation.isMpim &&
    !ctx.state.isMember(conversation, ctx.config.botUserId)
  )
    throw new SlackApiError("channel_not_found");
  return conversation;
}

export const conversationsManageMethods: MethodTable = {
  "conversations.create": {
    token: "bot",
    handle(args, ctx) {
      const name = stringArg(args, "name");
      const refusal = channelNameRefusal(name);
      if (refusal) throw new SlackApiError(refusal);
      // `is_private` needs groups:write, else missing_scope (scope-table.ts); the channel is then recorded as
      // private, so only its members can read it (https://docs.slack.dev/reference/methods/conversations.create).
      // name_taken: "A channel cannot be created with the given name" (archived channels keep their names).
      for (const c of ctx.state.conversations.values()) {
        if (!c.isIm && !c.isMpim && c.name === name) throw new SlackApiError("name_taken");
      }
      const created = ctx.state.createChannel(
        name!,
        boolArg(args, "is_private") === true,
        ctx.config.botUserId,
      );
      return { channel: conversationObject(ctx.state, created, ctx.config.botUserId) };
    },
  },

  "conversations.invite": {
    token: "bot",
    handle(args, ctx) {
      const conversation = channelById(ctx, stringArg(args, "channel"));
      if (conversation.isIm || conversation.isMpim)
        throw new SlackApiError("method_not_supported_for_channel_type");
      if (conversation.isArchived) throw new SlackApiError("is_archived");
      // "The calling user must be a member of the channel" (conversations.invite, "Usage info").
      if (!ctx.state.isMember(conversation, ctx.config.botUserId)) throw new SlackApiError("not_in_channel");
      const users = (stringArg(args, "users") ?? "")
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u !== "");
      if (users.length === 0) throw new SlackApiError("no_user");
      // "Up to 1000 users may be listed."
      if (users.length > 1000) throw new SlackApiError("too_many_users");
      const force = boolArg(args, "force") === true;
      const valid: string[] = [];
      for (const user of users) {
        const error =
          user === ctx.config.botUserId
            ? "cant_invite_self"
            : !ctx.state.users.has(user)
              ? "user_not_found"
              : ctx.state.isMember(conversation, user)
                ? "already_in_channel"
                : undefined;
        // "Users who can be successfully invited ... will not be invited if any of the user invites fail"
        // ("Partially failed calls"), unless `force` ("continue inviting the valid ones").
        if (error && !force) throw new SlackApiError(error);
        if (!error) valid.push(user);
      }
      ctx.state.addMembers(conversation, valid);
      return { channel: conversationObject(ctx.state, conversation, ctx.config.botUserId) };
    },
  },

  "conversations.archive": {
    token: "bot",
    handle(args, ctx) {
      const conversation = channelById(ctx, stringArg(args, "channel"));
      if (conversation.isIm || conversation.isMpim)
        throw new SlackApiError("method_not_supported_for_channel_type");
      if (conversation.name === "general") throw new SlackApiError("cant_archive_general");
      if (conversation.isArchived) throw new SlackApiError("already_archived");
      // not_in_channel: "The token can not be found in channel."
      if (!ctx.state.isMember(conversation, ctx.config.botUserId)) throw new SlackApiError("not_in_channel");
      ctx.state.setArchived(conversation.id, true);
      return {};
    },
  },
};
