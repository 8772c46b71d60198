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
