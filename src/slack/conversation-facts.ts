import type { WebClient } from "@slack/web-api";
import type { UnfurlConversationKind } from "../store/unfurl-consent-store";
import { slackCall } from "./slack-call";
import { SlackApiError } from "./slack-errors";

/** Pages of conversations.members read to find one person (1,000 a page): 10,000 members. */
const MEMBER_PAGES = 10;

export interface ConversationFacts {
  kind: UnfurlConversationKind;
  /** Shared with another organization (Slack Connect), or an invitation to share it is pending. */
  external: boolean;
}

/**
 * What a conversation is, from conversations.info (channels:read / groups:read): `is_ext_shared`, "a
 * conversation is part of a Shared Channel with a remote organization"
 * (https://docs.slack.dev/reference/objects/conversation-object). A conversation the bot may not read
 * (a DM or group DM between people) falls back to the event's own `is_ext_shared_channel`
 * (https://docs.slack.dev/apis/events-api, the event wrapper), which Slack sends with every event.
 */
export async function conversationFacts(
  client: WebClient,
  channel: string,
  eventSaysExternal: boolean,
): Promise<ConversationFacts> {
  try {
    const { channel: info } = await slackCall(() => client.conversations.info({ channel }));
    const kind: UnfurlConversationKind = info?.is_im ? "im" : info?.is_mpim ? "mpim" : "channel";
    const external =
      info?.is_ext_shared === true || info?.is_pending_ext_shared === true || eventSaysExternal;
    return { kind, external };
  } catch (error) {
    if (!(error instanceof SlackApiError)) throw error;
    return { kind: channel.startsWith("D") ? "im" : "channel", external: eventSaysExternal };
  }
}

/**
 * Whether a person is a Slack admin or owner of the workspace (users.info, users:read: `is_admin`,
 * `is_owner`, `is_primary_owner`, https://docs.slack.dev/reference/objects/user-object). False when
 * Slack does not say: a setting only admins may change stays unchanged.
 */
export async function isWorkspaceAdmin(client: WebClient, userId: string): Promise<boolean> {
  try {
    const { user } = await slackCall(() => client.users.info({ user: userId }));
    return user?.is_admin === true || user?.is_owner === true || user?.is_primary_owner === true;
  } catch (error) {
    if (error instanceof SlackApiError) return false;
    throw error;
  }
}

/**
 * Whether a person is still a member of a channel (conversations.members, channels:read / groups:read);
 * null when Slack does not say (the bot cannot see the channel any more, or too many members to read).
 */
export async function isConversationMember(
  client: WebClient,
  channel: string,
  userId: string,
): Promise<boolean | null> {
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MEMBER_PAGES; page += 1) {
      const result = await slackCall(() =>
        client.conversations.members({ channel, limit: 1000, ...(cursor ? { cursor } : {}) }),
      );
      if (result.members?.includes(userId)) return true;
      cursor = result.response_metadata?.next_cursor || undefined;
      if (!cursor) return false;
    }
    return null;
  } catch (error) {
    if (error instanceof SlackApiError) return null;
    throw error;
  }
}
