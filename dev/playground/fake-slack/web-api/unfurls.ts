import { jsonArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import type { SharedLinks } from "../types";
import type { MethodTable } from "./context";

const REFERENCE = "https://docs.slack.dev/reference/methods/chat.unfurl";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * chat.unfurl (REFERENCE), with Slack's refusals: the scope is `links:write` (scope-table.ts); "Both channel
 * and ts must be provided together, or unfurl_id and source must be provided together"; `unfurls` is a
 * JSON map keyed by URLs of the message; `cannot_find_message` "The ts value in the request does not match
 * a message"; `cannot_unfurl_message` "the URL provided does not appear in the message"; `cannot_unfurl_url`
 * "if you haven't acknowledged a link_shared event tied to the same URL" (the error list of the method,
 * as Slack's own API description publishes it). Each later call for the same message replaces the cards of
 * the URLs it names ("Subsequent attempts ... will modify the same attachments, rather than adding more").
 */
export const unfurlMethods: MethodTable = {
  "chat.unfurl": {
    token: "bot",
    handle(args, ctx) {
      const channel = stringArg(args, "channel");
      const ts = stringArg(args, "ts");
      const unfurlId = stringArg(args, "unfurl_id");
      const source = stringArg(args, "source");
      let shared: SharedLinks | undefined;
      if (channel !== undefined && ts !== undefined) {
        const conversation = ctx.state.findConversation(channel);
        if (!conversation) throw new SlackApiError("cannot_find_channel");
        if (!ctx.state.findMessage(conversation.id, ts)) throw new SlackApiError("cannot_find_message");
        shared = [...ctx.state.sharedLinks.values()].find(
          (s) => s.channel === conversation.id && s.messageTs === ts,
        );
      } else if (unfurlId !== undefined && source !== undefined) {
        if (source !== "composer" && source !== "conversations_history")
          throw new SlackApiError("invalid_arguments");
        shared = ctx.state.sharedLinks.get(unfurlId);
        if (!shared || shared.source !== source) throw new SlackApiError("cannot_unfurl_url");
      } else {
        throw new SlackApiError("invalid_arguments", [
          `[ERROR] ${REFERENCE}: both channel and ts, or both unfurl_id and source`,
        ]);
      }
      const unfurls = jsonArg(args, "unfurls", () => new SlackApiError("invalid_arguments"));
      if (!isRecord(unfurls) || Object.keys(unfurls).length === 0)
        throw new SlackApiError("invalid_arguments");
      if (!shared) throw new SlackApiError("cannot_unfurl_url");
      for (const [url, card] of Object.entries(unfurls)) {
        if (!shared.urls.includes(url)) throw new SlackApiError("cannot_unfurl_message");
        if (!isRecord(card)) throw new SlackApiError("invalid_arguments");
      }
      // A link still in the composer has no message yet: Slack shows the card in the composer only.
      if (shared.source === "conversations_history")
        ctx.state.attachUnfurls(shared.channel, shared.messageTs, unfurls);
      return {};
    },
  },
};
