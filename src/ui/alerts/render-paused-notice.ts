import type { PauseReason } from "../../lib/pause-reasons";
import { inline, NAME_MAX } from "../query-parts";
import { escapeMrkdwn, mrkdwn } from "../text";

/**
 * What the channel and the subscriber hear when a subscription pauses or resumes (DESIGN.md section 5,
 * "Never silent"): one input, two renderers, for every pause reason (lib/pause-reasons.ts).
 */
export interface PauseNotice {
  change: "paused" | "resumed";
  reason: PauseReason;
  channelId: string;
  /** The API team's name as the subscriber's link knows it; null when unknown. */
  teamName: string | null;
  /** How people address the app, e.g. "@Uptime". */
  appMention: string;
}

function teamOf(notice: PauseNotice, fallback: string): string {
  return notice.teamName ? `*${inline(notice.teamName, NAME_MAX)}*` : fallback;
}

/**
 * The short visible note in the channel itself. Only token pauses reach it: a Slack error means the app
 * cannot post there (lib/pause-reasons.ts channelCanBeTold).
 */
export function renderPauseChannelNote(notice: PauseNotice): { text: string; blocks: unknown[] } {
  const team = teamOf(notice, "this Uptime team");
  const text =
    notice.change === "resumed"
      ? `:arrow_forward: Alerts of ${team} are back on: the Uptime API accepts the subscriber's token again. ` +
        "Anything that changed meanwhile follows."
      : notice.reason === "team_access_lost"
        ? `:double_vertical_bar: Alerts of ${team} are paused here: the subscriber's Uptime token can no longer ` +
          "read the team. They resume by themselves when it can; a member of the team can run " +
          "`/uptime subscribe` here to take over."
        : `:double_vertical_bar: Alerts of ${team} are paused here: the Uptime API no longer accepts the ` +
          "subscriber's token. I check again every 5 minutes; `/uptime login` and `/uptime subscribe` here " +
          "bring them back at once.";
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}

/** The direct message to the subscriber: what happened to their subscription and how to fix it. */
export function renderPauseDirectMessage(notice: PauseNotice): string {
  const channel = `<#${escapeMrkdwn(notice.channelId)}>`;
  const again = "then run `/uptime subscribe` there again to resume the alerts.";
  const mention = notice.appMention;
  if (notice.change === "resumed") {
    return (
      `The alerts of ${teamOf(notice, "your Uptime team")} in ${channel} are back on: ` +
      "the Uptime API accepts your token again. Nothing to do."
    );
  }
  switch (notice.reason) {
    case "token_rejected":
      return (
        `I paused the alerts of ${teamOf(notice, "your Uptime team")} in ${channel}: your Uptime token is no ` +
        "longer accepted (revoked or expired). Run `/uptime login` with a new personal API token, then " +
        `\`/uptime subscribe\` again in ${channel} to resume them.`
      );
    case "team_access_lost":
      return (
        `I paused the alerts of ${teamOf(notice, "your Uptime team")} in ${channel}: your Uptime token can no ` +
        `longer read that team (you may have left it). Ask a member of the team to run \`/uptime subscribe\` in ` +
        `${channel}, or, if you are still a member, run \`/uptime login\` again and then \`/uptime subscribe\` there.`
      );
    case "not_in_channel":
    case "channel_not_found":
      return (
        `I paused the alerts for ${channel}: I can no longer post there (Slack said \`${notice.reason}\`). ` +
        `Invite ${mention} to the channel (\`/invite ${mention}\`), ${again}`
      );
    case "is_archived":
    case "is_inactive":
      return (
        `I paused the alerts for ${channel}: the channel is archived. ` +
        "Unarchive it or subscribe another channel with `/uptime subscribe`."
      );
    case "missing_scope":
    case "invalid_auth":
    case "token_revoked":
    case "account_inactive":
      return (
        `I paused the alerts for ${channel}: Slack refused my posts (\`${notice.reason}\`). ` +
        `Ask a workspace admin to reinstall ${mention}, ${again}`
      );
  }
}
