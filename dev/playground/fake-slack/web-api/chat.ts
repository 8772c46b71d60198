import { boolArg, stringArg } from "../args";
import { SlackApiError, SlackRateLimitedError } from "../errors";
import { botAuthor, toApiMessage } from "../messages";
import { attachmentsArg, blocksArg, metadataArg, postTarget, textArg } from "./common";
import type { MethodTable } from "./context";

export const chatMethods: MethodTable = {
  "chat.postMessage": {
    token: "bot",
    handle(args, ctx) {
      const conversation = postTarget(ctx, stringArg(args, "channel"), {
        publicWithoutJoin: ctx.manifest.botScopes.has("chat:write.public"),
      });
      // Slack's limit is per channel: "1 per second", short bursts allowed (rate-tiers.ts).
      const wait = ctx.limiter?.take(conversation.id) ?? 0;
      if (wait > 0) throw new SlackRateLimitedError(wait);
      const text = textArg(args);
      const blocks = blocksArg(args, undefined, ctx);
      const attachments = attachmentsArg(args);
      const metadata = metadataArg(args) ?? undefined;
      if (text === undefined && !blocks?.length && !attachments?.length) throw new SlackApiError("no_text");
      const threadTs = stringArg(args, "thread_ts");
      const stored = ctx.state.addMessage(conversation.id, {
        ...botAuthor(ctx.config),
        text: text ?? "",
        ...(blocks ? { blocks } : {}),
        ...(attachments ? { attachments } : {}),
        ...(metadata ? { metadata } : {}),
        ...(threadTs ? { thread_ts: threadTs } : {}),
        ...(threadTs && boolArg(args, "reply_broadcast") ? { reply_broadcast: true } : {}),
        ...(boolArg(args, "unfurl_links") !== undefined
          ? { unfurl_links: boolArg(args, "unfurl_links") }
          : {}),
        ...(boolArg(args, "unfurl_media") !== undefined
          ? { unfurl_media: boolArg(args, "unfurl_media") }
          : {}),
      });
      // Posted with a step run's token: a click on it is the run's interactivity (sender.ts blockAction).
      if (ctx.functionRun) ctx.state.messageRuns.set(`${conversation.id}:${stored.ts}`, ctx.functionRun.id);
      return {
        channel: conversation.id,
        ts: stored.ts,
        message: toApiMessage(stored, { includeMetadata: true }),
      };
    },
  },

  "chat.update": {
    token: "bot",
    handle(args, ctx) {
      const channel = stringArg(args, "channel");
      if (channel === undefined) throw new SlackApiError("channel_not_found");
      const conversation = ctx.state.findConversation(channel);
      if (!conversation) throw new SlackApiError("channel_not_found");
      if (conversation.isPrivate && !ctx.state.isMember(conversation, ctx.config.botUserId)) {
        throw new SlackApiError("channel_not_found");
      }
      // Slack: "The message cannot be edited within a frozen, archived or deleted channel."
      if (conversation.isArchived) throw new SlackApiError("is_inactive");
      const ts = stringArg(args, "ts");
      const message = ts === undefined ? undefined : ctx.state.findMessage(conversation.id, ts);
      if (!message || ts === undefined) throw new SlackApiError("message_not_found");
      if (message.bot_id !== ctx.config.botId) throw new SlackApiError("cant_update_message");
      const text = textArg(args);
      const blocks = blocksArg(args, undefined, ctx);
      const attachments = attachmentsArg(args);
      const metadata = metadataArg(args);
      if (text === undefined && blocks === undefined && attachments === undefined)
        throw new SlackApiError("no_text");
      // Omitted blocks, attachments and metadata keep their previous value (Slack's chat.update reference).
      const updated = ctx.state.updateMessage(conversation.id, ts, {
        text: text ?? "",
        ...(blocks !== undefined ? { blocks } : {}),
        ...(attachments !== undefined ? { attachments } : {}),
        ...(metadata !== undefined ? { metadata } : {}),
        edited: { user: ctx.config.botUserId, ts: ctx.state.nextTs(conversation.id) },
      });
      if (!updated) throw new SlackApiError("message_not_found");
      const api = toApiMessage(updated, { includeMetadata: true });
      return { channel: conversation.id, ts, text: api.text, message: api };
    },
  },

  "chat.delete": {
    token: "bot",
    handle(args, ctx) {
      const channel = stringArg(args, "channel");
      const conversation = channel === undefined ? undefined : ctx.state.findConversation(channel);
      if (!conversation) throw new SlackApiError("channel_not_found");
      const ts = stringArg(args, "ts");
      const message = ts === undefined ? undefined : ctx.state.findMessage(conversation.id, ts);
      if (!message || ts === undefined) throw new SlackApiError("message_not_found");
      if (message.bot_id !== ctx.config.botId) throw new SlackApiError("cant_delete_message");
      ctx.state.deleteMessage(conversation.id, ts);
      return { channel: conversation.id, ts };
    },
  },

  "chat.postEphemeral": {
    token: "bot",
    handle(args, ctx) {
      const user = stringArg(args, "user");
      if (user === undefined || !ctx.state.users.has(user)) throw new SlackApiError("user_not_found");
      const conversation = postTarget(ctx, stringArg(args, "channel"));
      // "The user should be in the channel specified by the channel argument"
      // (https://docs.slack.dev/reference/methods/chat.postEphemeral); Slack answers user_not_in_channel.
      if (!ctx.state.isMember(conversation, user)) throw new SlackApiError("user_not_in_channel");
      const text = textArg(args);
      const blocks = blocksArg(args, undefined, ctx);
      const attachments = attachmentsArg(args);
      if (text === undefined && !blocks?.length && !attachments?.length) throw new SlackApiError("no_text");
      const threadTs = stringArg(args, "thread_ts");
      const stored = ctx.state.addEphemeral({
        channel: conversation.id,
        user,
        text: text ?? "",
        ...(blocks ? { blocks } : {}),
        ...(attachments ? { attachments } : {}),
        ...(threadTs ? { thread_ts: threadTs } : {}),
        source: "chat.postEphemeral",
      });
      return { message_ts: stored.ts };
    },
  },

  "chat.getPermalink": {
    token: "bot",
    handle(args, ctx) {
      const channel = stringArg(args, "channel");
      const conversation = channel === undefined ? undefined : ctx.state.findConversation(channel);
      if (!conversation) throw new SlackApiError("channel_not_found");
      const ts = stringArg(args, "message_ts");
      const message = ts === undefined ? undefined : ctx.state.findMessage(conversation.id, ts);
      if (!message) throw new SlackApiError("message_not_found");
      const base = `https://${ctx.config.teamDomain}.slack.com/archives/${conversation.id}/p${message.ts.replace(".", "")}`;
      const inThread = message.thread_ts !== undefined && message.thread_ts !== message.ts;
      return {
        channel: conversation.id,
        permalink: inThread ? `${base}?thread_ts=${message.thread_ts}&cid=${conversation.id}` : base,
      };
    },
  },
};
