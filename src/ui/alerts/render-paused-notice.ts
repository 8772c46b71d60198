import { inline, NAME_MAX } from "../query-parts";
import { escapeMrkdwn } from "../text";

export interface PausedNoticeInput {
  channelId: string;
  /** The Slack error code that paused the subscription. */
  reason: string;
  /** How people address the app, e.g. "@Uptime". */
  appMention: string;
}

/** The one direct message to a subscriber whose channel subscription was paused, saying how to fix it. */
export function renderPausedNotice(input: PausedNoticeInput): string {
  const channel = `<#${input.channelId}>`;
  const again = `then run \`/uptime subscribe\` there again to resume the alerts.`;
  switch (input.reason) {
    case "not_in_channel":
    case "channel_not_found":
      return (
        `I paused the alerts for ${channel}: I can no longer post there (Slack said \`${input.reason}\`). ` +
        `Invite ${input.appMention} to the channel (\`/invite ${input.appMention}\`), ${again}`
      );
    case "is_archived":
    case "is_inactive":
      return (
        `I paused the alerts for ${channel}: the channel is archived. ` +
        `Unarchive it or subscribe another channel with \`/uptime subscribe\`.`
      );
    case "missing_scope":
      return (
        `I paused the alerts for ${channel}: the app lacks a permission it needs. ` +
        `Ask a workspace admin to reinstall ${input.appMention}, ${again}`
      );
    default:
      return (
        `I paused the alerts for ${channel}: Slack refused my posts (\`${input.reason}\`). ` +
        `Check that ${input.appMention} is installed and in the channel, ${again}`
      );
  }
}

/** Why the poller gave up on a subscriber's token. */
export type TokenPauseReason = "token_rejected" | "team_access_lost";

export interface SubscriptionPausedNotice {
  workspace: {
    enterpriseId?: string | undefined;
    teamId?: string | undefined;
    isEnterpriseInstall?: boolean | undefined;
  };
  /** The subscriber (the DM goes to them). */
  userId: string;
  channelId: string;
  reason: TokenPauseReason;
  /** The API team's name as the subscriber's link knows it; null when unknown. */
  teamName: string | null;
}

/**
 * The one DM to a subscriber whose subscriptions were paused because the poller can no longer use their
 * token: what happened, and how to fix it (re-subscribing resumes). Plain mrkdwn text.
 */
export function renderSubscriptionPausedNotice(notice: SubscriptionPausedNotice): string {
  const channel = `<#${escapeMrkdwn(notice.channelId)}>`;
  const team = notice.teamName ? `*${inline(notice.teamName, NAME_MAX)}*` : "your Uptime team";
  if (notice.reason === "team_access_lost") {
    return (
      `I paused the alerts of ${team} in ${channel}: your Uptime token can no longer read that team ` +
      `(you may have left it). Ask a member of the team to run \`/uptime subscribe\` in ${channel}, or, if you ` +
      "are still a member, run `/uptime login` again and then `/uptime subscribe` there to resume."
    );
  }
  return (
    `I paused the alerts of ${team} in ${channel}: your Uptime token is no longer accepted (revoked or expired). ` +
    `Run \`/uptime login\` with a new personal API token, then \`/uptime subscribe\` again in ${channel} to resume them.`
  );
}
