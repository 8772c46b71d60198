import type { FakeSlackConfig, SlackMessage, StoredMessage } from "./types";

/** Author fields of a message the app posts with its bot token (Slack sets user, bot_id and app_id). */
export function botAuthor(
  config: FakeSlackConfig,
): Pick<SlackMessage, "user" | "bot_id" | "app_id" | "team"> {
  return { user: config.botUserId, bot_id: config.botId, app_id: config.appId, team: config.teamId };
}

/**
 * A stored message as the Web API returns it. Metadata only when asked (conversations.history and
 * .replies send it with include_all_metadata=true); fake-only flags are never sent.
 */
export function toApiMessage(message: StoredMessage, options: { includeMetadata: boolean }): SlackMessage {
  const {
    channel: _channel,
    reply_broadcast: _rb,
    unfurl_links: _ul,
    unfurl_media: _um,
    app_unfurls: _au,
    ...api
  } = message;
  if (!options.includeMetadata) delete api.metadata;
  return structuredClone(api);
}
