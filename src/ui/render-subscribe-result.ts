import type { KnownBlock } from "@slack/types";
import type { QuietHours } from "../domain/quiet-hours";
import { quoteValue } from "../grammar";
import { formatDuration, slackDate } from "../lib/format-time";
import type { MuteOutcome } from "../services/mute-monitor";
import type { DownNow, SubscriptionPreview } from "../services/subscribe";
import type { UnsubscribeOutcome } from "../services/unsubscribe";
import type { PermanentSlackErrorCode } from "../slack/slack-errors";
import type { Mute } from "../store/mute-store";
import { context, freeText, inline, listSections, NAME_MAX, REASON_MAX } from "./query-parts";
import {
  digestText,
  escalationStepsText,
  mentionText,
  slowText,
  subscriptionLine,
} from "./render-subscriptions";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

/** How people address the app in instructions (the manifest's display name). */
export const APP_MENTION = "@Uptime";

/**
 * Where a person turns their own alerts on and off: the app's Messages tab is read-only (manifest.yml), so
 * no command can be typed in its DM (https://docs.slack.dev/surfaces/app-home#messages-tab).
 */
export const YOUR_ALERTS = "App Home → *Your alerts*";

/** Sections of the "down now" list: the page holds 10 incidents, so this is never the limit in practice. */
const DOWN_BLOCKS = 10;

/**
 * The subscribe reply, posted IN the channel (a subscription changes what the channel receives, so the
 * channel sees it): what it covers, who set it up, and what is down right now, since the first poll is a
 * baseline that never posts ongoing outages. The mention is shown, never pinged.
 */
export function renderSubscribeAnnouncement(preview: SubscriptionPreview, now: number): Rendered {
  const team = inline(preview.team.name, NAME_MAX);
  const scope = scopeText(preview);
  // "This channel gets" or, in the app's DM, "You get".
  const [singular, plural] =
    preview.change === "resumed"
      ? ["gets alerts again for", "get alerts again for"]
      : preview.change === "updated"
        ? ["keeps getting alerts for", "keep getting alerts for"]
        : ["now gets alerts for", "now get alerts for"];
  const verb = preview.personal ? plural : singular;
  const mention = preview.mention ? `, pinging ${mentionText(preview.mention)} when something goes down` : "";
  const escalate = preview.escalateSteps
    ? `, ${escalationStepsText(preview.escalateSteps)}`
    : preview.escalateMinutes !== undefined
      ? `, ${preview.mention ? "pinged" : "reminded"} again after ${preview.escalateMinutes} min unacknowledged`
      : "";
  const slow = preview.slow ? `, a ${slowText(preview.slow)}` : "";
  const digest = preview.digest ? `, and a ${digestText(preview.digest)}` : "";
  const headline = `🔔 ${preview.personal ? "You" : "This channel"} ${verb} ${scope} of *${team}*${mention}${escalate}${slow}${digest}.`;
  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: mrkdwn(
        preview.personal
          ? `${headline}\n${quietText(preview.personal.quiet)}`
          : `${headline}\nSet up by <@${escapeMrkdwn(preview.subscriberUserId)}>.`,
      ),
    },
  ];
  if (preview.down.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("✅ Nothing is down right now.") });
  } else {
    const count = preview.down.length;
    blocks.push({
      type: "section",
      text: mrkdwn(`*Down right now* (${count}${preview.downMayBeMore ? "+" : ""}):`),
    });
    blocks.push(
      ...listSections(
        preview.down.map((d) => downLine(d, now)),
        DOWN_BLOCKS,
      ),
    );
    if (preview.downMayBeMore)
      blocks.push(context("More may be open: `/uptime incidents open` lists them all."));
  }
  blocks.push(
    context(
      preview.personal
        ? `Ongoing outages are not posted again; new outages, acknowledgements and recoveries are. ${YOUR_ALERTS} lists your personal alerts and turns them off.`
        : "Ongoing outages are not posted again; new outages, acknowledgements and recoveries are. `/uptime subscriptions` lists this channel's subscriptions, `/uptime unsubscribe` stops them.",
    ),
  );
  const downText =
    preview.down.length === 0 ? "nothing is down right now" : `${preview.down.length} down now`;
  return {
    text: truncate(
      `🔔 ${preview.personal ? "Your personal alerts:" : `This channel ${verb}`} ${scope} of ${team} (${downText}).`,
      limits.messageText,
    ),
    blocks,
  };
}

/**
 * Personal alerts: when they stay quiet. Slack has no silent post; a reply in a thread the person does not
 * follow notifies nobody, so quiet alerts go into this message's thread.
 */
function quietText(quiet: QuietHours | null): string {
  if (!quiet) {
    return `Your Uptime profile sets no quiet hours, so every alert notifies you. Set them in the Uptime app, then save your alerts again in ${YOUR_ALERTS}.`;
  }
  return (
    `🌙 Quiet hours ${quiet.start}–${quiet.end} (${escapeMrkdwn(quiet.timeZone)}, from your Uptime profile): ` +
    "alerts then arrive in this message's thread, with no notification and no mention."
  );
}

function scopeText(preview: SubscriptionPreview): string {
  const parts: string[] = [];
  if (preview.monitors.length > 0) {
    const names = preview.monitors.map((m) => `*${inline(m.name, NAME_MAX)}*`).join(", ");
    parts.push(`${preview.monitors.length === 1 ? "monitor" : "monitors"} ${names}`);
  }
  if (preview.groups.length > 0) {
    const names = preview.groups.map((g) => `*${inline(g, NAME_MAX)}*`).join(", ");
    parts.push(`${preview.groups.length === 1 ? "group" : "groups"} ${names}`);
  }
  return parts.length === 0 ? "every monitor" : truncate(parts.join(" and "), 1500);
}

function downLine(d: DownNow, now: number): string {
  const name = d.monitorName
    ? inline(d.monitorName, NAME_MAX)
    : `monitor ${escapeMrkdwn(d.monitorId ?? "?")}`;
  const since = `since ${slackDate(d.started)} (${durationSince(d.started, now)})`;
  const reason = d.reason ? `: ${freeText(d.reason, REASON_MAX)}` : "";
  const ack = d.acknowledged ? " · acknowledged" : "";
  return `🔴 *${name}* ${since}${reason}${ack}`;
}

function durationSince(started: Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - started.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/**
 * `/uptime subscribe` in a DM or group DM between people: the app is not in it, so nothing could be posted
 * there, and it is nobody's personal alerts. Ephemeral to the caller.
 */
export function renderNotInConversation(): Rendered {
  const text =
    "Alerts can't be posted in a conversation I'm not in, like this one. For your own alerts, open " +
    `${YOUR_ALERTS} (they arrive in your DM with ${APP_MENTION}); for a channel's, run \`/uptime subscribe\` in ` +
    `that channel (after \`/invite ${APP_MENTION}\`). Nothing was subscribed.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}

/** The app cannot post in the channel: nothing was created. Ephemeral to the caller. */
export function renderChannelUnreachable(error: PermanentSlackErrorCode): Rendered {
  const text = channelUnreachableText(error);
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}

function channelUnreachableText(error: PermanentSlackErrorCode): string {
  switch (error) {
    case "is_archived":
    case "is_inactive":
      return "This channel is archived, so alerts can't be posted here. Nothing was subscribed.";
    case "not_in_channel":
    case "channel_not_found":
      return `Invite ${APP_MENTION} to this channel first (\`/invite ${APP_MENTION}\`), then run the command again. Nothing was subscribed.`;
    case "account_inactive":
    case "invalid_auth":
    case "token_revoked":
    case "missing_scope":
      return `Slack refused my post here (\`${escapeMrkdwn(error)}\`): ask a workspace admin to reinstall ${APP_MENTION}, then run the command again. Nothing was subscribed.`;
  }
}

/** `--mention @oncall` typed as plain text: Slack sent no id, so the group could never be pinged. */
export function renderMentionWithoutId(handle: string): Rendered {
  const name = escapeMrkdwn(truncate(handle, 80));
  const text =
    `Slack sent \`@${name}\` as plain text, so I can't ping that group. Type the group with the autocomplete ` +
    `(pick *@${name}* from the list so it turns into a mention), or leave out \`--mention\`. Nothing was subscribed.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}

/**
 * `/uptime unsubscribe`: what was removed and by whom (the note posted IN the channel: alerts never stop
 * without a trace), or, to the caller alone, why nothing was (with the channel's subscriptions).
 */
export function renderUnsubscribeResult(outcome: UnsubscribeOutcome, by: string): Rendered {
  if (outcome.kind === "none") {
    const text =
      outcome.remaining.length === 0
        ? "This channel has no subscriptions."
        : "No subscription of this channel has exactly these filters. Give the same filters as `/uptime subscriptions` shows, or `/uptime unsubscribe all`.";
    const blocks: KnownBlock[] = [{ type: "section", text: mrkdwn(text) }];
    if (outcome.remaining.length > 0) {
      blocks.push(
        ...listSections(
          outcome.remaining.map((v) => subscriptionLine(v)),
          20,
        ),
      );
    }
    return { text, blocks };
  }
  const n = outcome.removed.length;
  const who = `<@${escapeMrkdwn(by)}>`;
  const text = outcome.all
    ? `🔕 ${who} removed all ${n} ${n === 1 ? "subscription" : "subscriptions"} of this channel: no more alerts here.`
    : `🔕 ${who} removed ${n === 1 ? "a subscription" : `${n} subscriptions`} of this channel:`;
  return {
    text: truncate(text, limits.messageText),
    blocks: [
      { type: "section", text: mrkdwn(text) },
      ...listSections(
        outcome.removed.map((v) => subscriptionLine(v)),
        20,
      ),
    ],
  };
}

function mutedName(name: string | null, monitorId: string): string {
  return name ? `*${inline(name, NAME_MAX)}*` : `monitor ${escapeMrkdwn(monitorId)}`;
}

/** The note a mute posts IN the channel: who muted what, until when, how to lift it. */
export function renderMuteNote(outcome: MuteOutcome, by: string): Rendered {
  const name = mutedName(outcome.monitorName, outcome.monitorId);
  const command = outcome.monitorName ? quoteValue(outcome.monitorName) : outcome.monitorId;
  const how = outcome.untilRecovered
    ? "until it recovers"
    : `for ${Number.isInteger(outcome.hours) ? `${outcome.hours} h` : formatDuration(outcome.hours * 3600)} (until ${slackDate(outcome.until)})`;
  const text =
    `🔕 <@${escapeMrkdwn(by)}> muted ${name} in this channel ${how}. ` +
    `No new alert messages for it here until then; messages already posted keep updating. ` +
    `The alert's *Unmute* button or \`/uptime unmute ${inline(command, NAME_MAX)}\` lifts it.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** The note an unmute posts in the channel. */
export function renderUnmuteNote(mute: Mute, by: string): Rendered {
  const text = `🔔 <@${escapeMrkdwn(by)}> unmuted ${mutedName(mute.monitorName, mute.monitorId)} in this channel: new alerts for it are posted here again.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** The Unmute button of a mute that has already ended: ephemeral. */
export function renderNotMuted(): Rendered {
  const text = "That monitor isn't muted in this channel any more: new alerts for it are posted here.";
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
