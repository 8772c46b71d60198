/**
 * The channel calls of incident channels: create one, invite people, archive it. Errors are slack-errors.ts's typed ones; the services and the alert pipeline never see
 * the SDK's.
 */
export interface SlackChannels {
  /**
   * conversations.create of a private channel (`is_private`, groups:write): an incident's target, reason and
   * timeline are for the people invited, not for anyone in the workspace. The bot that creates it is its
   * first member. A taken name throws SlackApiError `name_taken`
   * (https://docs.slack.dev/reference/methods/conversations.create).
   */
  createChannel(name: string): Promise<{ id: string; name: string }>;
  /**
   * conversations.invite of each user; those already in the channel (or the bot itself) are skipped, so
   * that one of them never keeps the others out (Slack invites nobody when one invite of a call fails).
   */
  inviteToChannel(channel: string, users: readonly string[]): Promise<void>;
  /** conversations.archive; a channel already archived is left as it is. */
  archiveChannel(channel: string): Promise<void>;
}
