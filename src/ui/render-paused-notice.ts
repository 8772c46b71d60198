import type { PauseReason } from "../domain/pause-reasons";
import { inline, NAME_MAX } from "./query-parts";
import { escapeMrkdwn, mrkdwn } from "./text";

/** One input, two renderers, for every pause reason (domain/pause-reasons.ts). */
export interface PauseNotice {
  change: "paused" | "resumed";
  reason: PauseReason;
  channelId: string;
  teamName: string | null;
  appMention: string;
  /** The subscriber's own alerts in their DM with the app (no channel note; the DM says "your alerts"). */
  personal?: boolean;
}

function teamOf(notice: PauseNotice, fallback: string): string {
  return notice.teamName ? `*${inline(notice.teamName, NAME_MAX)}*` : fallback;
}

/** Only token pauses reach the channel: a Slack error means the app cannot post there. */
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
        : notice.reason === "subscriber_left"
          ? `:double_vertical_bar: Alerts of ${team} are paused here: the person whose Uptime account read them ` +
            "has left this Slack workspace (or removed the app's access), so their link and token were deleted. " +
            "A member of the team can run `/uptime subscribe` here to take over."
          : notice.reason === "not_logged_in"
            ? `:double_vertical_bar: Alerts of ${team} are paused here: the person who subscribed is no longer ` +
              "logged in to Uptime. They resume when they run `/uptime login`; a member of the team can run " +
              "`/uptime subscribe` here to take over."
            : `:double_vertical_bar: Alerts of ${team} are paused here: the Uptime API no longer accepts the ` +
              "subscriber's token. I check again every 5 minutes; `/uptime login` and `/uptime subscribe` here " +
              "bring them back at once.";
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}

export function renderPauseDirectMessage(notice: PauseNotice): string {
  if (notice.personal) return renderPersonalPauseMessage(notice);
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
    case "subscriber_left":
      return (
        `I paused the alerts of ${teamOf(notice, "your Uptime team")} in ${channel}: the person whose Uptime ` +
        "account read them left this Slack workspace (or removed the app's access), and nobody else subscribed " +
        `to the team here could take over. Run \`/uptime subscribe\` in ${channel} to read them with your account.`
      );
    case "not_logged_in":
      return (
        `I paused the alerts of ${teamOf(notice, "your Uptime team")} in ${channel}: you are no longer logged in ` +
        "to Uptime (you logged out, or your stored token can no longer be read). Run `/uptime login` and they " +
        "resume by themselves within a few minutes."
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

/** Personal alerts never move onto someone else's token, so they wait for the person. */
function renderPersonalPauseMessage(notice: PauseNotice): string {
  const team = teamOf(notice, "your Uptime team");
  if (notice.change === "resumed") {
    return `Your personal alerts of ${team} are back on: the Uptime API accepts your token again.`;
  }
  switch (notice.reason) {
    case "not_logged_in":
      return (
        `I paused your personal alerts of ${team}: you are no longer logged in to Uptime (you logged out, or ` +
        "your stored token can no longer be read). Run `/uptime login` and they resume by themselves within a " +
        "few minutes."
      );
    case "team_access_lost":
      return `I paused your personal alerts of ${team}: your Uptime token can no longer read that team.`;
    default:
      return (
        `I paused your personal alerts of ${team}: your Uptime token is no longer accepted (revoked or ` +
        "expired). Run `/uptime login` with a new personal API token and they resume by themselves within a " +
        "few minutes."
      );
  }
}

/** Told once, in their DM with the app. */
export function renderPersonalAlertsEnded(teamName: string | null): string {
  const team = teamName ? `*${inline(teamName, NAME_MAX)}*` : "an Uptime team";
  return (
    `I turned off your personal alerts of ${team}: the Uptime API says your account can no longer read that ` +
    "team (you may have been removed from it). If you are added back, turn them on again in App Home → *Your alerts*."
  );
}

export interface TakeOverNotice {
  channelId: string;
  teamName: string | null;
  fromUserId: string;
  toUserId: string;
  reason: PauseReason;
}

function takeOverCause(notice: TakeOverNotice): string {
  const from = `<@${escapeMrkdwn(notice.fromUserId)}>`;
  switch (notice.reason) {
    case "not_logged_in":
      return `${from} is no longer logged in to Uptime`;
    case "subscriber_left":
      return `${from} has left this Slack workspace (or removed the app's access)`;
    case "team_access_lost":
      return `${from}'s Uptime account can no longer read the team`;
    default:
      return `the Uptime API no longer accepts ${from}'s token`;
  }
}

export function renderTakeOverChannelNote(notice: TakeOverNotice): { text: string; blocks: unknown[] } {
  const team = notice.teamName ? `*${inline(notice.teamName, NAME_MAX)}*` : "this Uptime team";
  const text =
    `:arrows_counterclockwise: Alerts of ${team} go on here, now read with <@${escapeMrkdwn(notice.toUserId)}>'s ` +
    `Uptime account: ${takeOverCause(notice)}.`;
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}

/** The DM to the member whose token now polls the channel: nothing happens with their token unsaid. */
export function renderTakeOverDirectMessage(notice: TakeOverNotice): string {
  const team = notice.teamName ? `*${inline(notice.teamName, NAME_MAX)}*` : "your Uptime team";
  const channel = `<#${escapeMrkdwn(notice.channelId)}>`;
  return (
    `Your Uptime account now reads the alerts of ${team} for ${channel}: ${takeOverCause(notice)}, and you are ` +
    `subscribed to the same team in this workspace. To stop, run \`/uptime unsubscribe\` in ${channel}.`
  );
}
