import type { KnownBlock } from "@slack/types";
import { formatDurationMs, type SlowRule } from "../domain/slow-rule";
import { optionOf, subscriptionOptions } from "../domain/subscription-options";
import { quoteValue } from "../grammar";
import { slackDate } from "../lib/format-time";
import type { ChannelSubscriptionsView, SubscriptionView } from "../services/list-subscriptions";
import type { Mute } from "../store/mute-store";
import { context, header, inline, listSections, NAME_MAX } from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, truncate } from "./text";

/** Sections for the list: 200 subscriptions of ~150 characters fill ~10 of them; the rest says "…and N more". */
const LIST_BLOCKS = 40;
/** Names listed per filter before "+N": a subscription of 200 monitors stays one readable line. */
const NAMES_PER_FILTER = 10;

/** Sections for the channel's mutes (one per monitor at most; a channel rarely has more than a few). */
const MUTE_BLOCKS = 5;

/**
 * `/uptime subscriptions`: the channel's subscriptions (filters, mention, subscriber, pause and why) and its
 * active mutes (who muted what until when): everything that decides what this channel hears.
 */
export function renderSubscriptions(view: ChannelSubscriptionsView): Rendered {
  const n = view.subscriptions.length;
  const blocks: KnownBlock[] = [header("Alert subscriptions of this channel")];
  if (n === 0) {
    const text =
      "This channel has no alert subscriptions. `/uptime subscribe` sends outage and recovery alerts of your team here.";
    blocks.push({ type: "section", text: { type: "mrkdwn", text } });
    blocks.push(...muteBlocks(view.mutes));
    return { text, blocks };
  }
  blocks.push(
    ...listSections(
      view.subscriptions.map((s) => subscriptionLine(s)),
      LIST_BLOCKS,
    ),
  );
  const paused = view.subscriptions.filter((s) => s.paused).length;
  blocks.push(...muteBlocks(view.mutes));
  blocks.push(
    context(
      "`/uptime unsubscribe` with the same filters removes one, `/uptime unsubscribe all` every one; `/uptime subscribe` again resumes a paused one.",
    ),
  );
  return {
    text: truncate(
      `This channel has ${n} alert ${n === 1 ? "subscription" : "subscriptions"}${paused ? `, ${paused} paused` : ""}` +
        `${view.mutes.length ? `, ${view.mutes.length} muted ${view.mutes.length === 1 ? "monitor" : "monitors"}` : ""}.`,
      limits.messageText,
    ),
    blocks,
  };
}

function muteBlocks(mutes: readonly Mute[]): KnownBlock[] {
  if (mutes.length === 0) return [];
  return [
    { type: "section", text: { type: "mrkdwn", text: `*Muted here* (${mutes.length}):` } },
    ...listSections(
      mutes.map((m) => muteLine(m)),
      MUTE_BLOCKS,
    ),
  ];
}

/** One mute: who quieted which monitor until when, and the command that lifts it. */
export function muteLine(mute: Mute): string {
  const name = mute.monitorName
    ? inline(mute.monitorName, NAME_MAX)
    : `monitor #${escapeMrkdwn(mute.monitorId)}`;
  const by = mute.by ? ` by <@${escapeMrkdwn(mute.by)}>` : "";
  const unmute = `\`/uptime unmute ${inline(mute.monitorName ? quoteValue(mute.monitorName) : mute.monitorId, NAME_MAX)}\``;
  const until = mute.untilRecovered ? "it recovers" : slackDate(mute.until);
  return `🔕 *${name}* muted${by} until ${until} · ${unmute}`;
}

/**
 * One subscription on one line (mrkdwn): never a ping (mentions are shown as code). `subscriber: false`
 * leaves out "by @user" where every line is the reader's own (App Home).
 */
export function subscriptionLine(view: SubscriptionView, options: { subscriber?: boolean } = {}): string {
  const team = view.teamName ? inline(view.teamName, NAME_MAX) : `team ${escapeMrkdwn(view.apiTeamId)}`;
  const icon = view.paused ? "⏸️" : "🔔";
  const parts = [`${icon} *${team}*: ${filtersText(view)}`];
  if (view.mention) parts.push(`pings ${mentionText(view.mention)}`);
  if (view.rules?.storm !== undefined) parts.push(`storm above ${view.rules.storm} a minute`);
  if (view.rules?.flap)
    parts.push(`flapping at ${view.rules.flap.count} in ${view.rules.flap.windowMinutes}m`);
  if (view.escalateSteps) parts.push(escalationStepsText(view.escalateSteps));
  else if (view.escalateMinutes !== undefined) parts.push(escalateText(view.escalateMinutes));
  for (const option of subscriptionOptions()) {
    const value = optionOf(view, option);
    if (value !== undefined) parts.push(escapeMrkdwn(option.describe(value)));
  }
  if (view.slow) parts.push(slowText(view.slow));
  if (view.digest) parts.push(digestText(view.digest));
  if (options.subscriber !== false) parts.push(`by <@${escapeMrkdwn(view.subscriberUserId)}>`);
  let line = parts.join(" · ");
  if (view.paused) {
    const why = view.personal ? personalPauseText(view.paused.reason) : pauseText(view.paused.reason);
    line += `\n      _paused ${slackDate(view.paused.at)}: ${escapeMrkdwn(why)}_`;
  }
  return line;
}

/** "slow alert over 2s, 3 checks in a row": `--slow`. */
export function slowText(rule: SlowRule): string {
  return `slow alert over ${formatDurationMs(rule.thresholdMs)}, ${rule.checks} ${rule.checks === 1 ? "check" : "checks in a row"}`;
}

/** "pinged again after 15 min unacknowledged": `--escalate`. */
export function escalateText(minutes: number): string {
  return `pinged again after ${minutes} min unacknowledged`;
}

/**
 * "escalates at 5 min, 15 min to `@leads`, 30 min to `@here` while unacknowledged": `--escalate` steps, each
 * with its own mention when it names one (else the subscription's). Mentions as code: never a ping.
 */
export function escalationStepsText(steps: NonNullable<SubscriptionView["escalateSteps"]>): string {
  const each = steps.map(
    (step) => `${step.minutes} min${step.mention ? ` to ${mentionText(step.mention)}` : ""}`,
  );
  return `escalates at ${each.join(", ")} while unacknowledged`;
}

/** "daily digest at 09:00 Europe/Amsterdam": when the channel's digest comes. */
export function digestText(digest: NonNullable<SubscriptionView["digest"]>): string {
  const when = digest.cadence === "daily" ? "09:00" : "Mondays 09:00";
  return `${digest.cadence} digest at ${when} ${escapeMrkdwn(digest.timeZone)}`;
}

/** `@here` as code: shown, never a ping (the announcement and lists must not page anyone). */
export function mentionText(mention: NonNullable<SubscriptionView["mention"]>): string {
  const label =
    mention.kind === "usergroup"
      ? `@${mention.handle}`
      : mention.kind === "user"
        ? `@${mention.name ?? mention.id}`
        : // Not `@oncall`, which reads as a user group's handle: the rota's person, resolved at each post.
          mention.kind === "oncall"
          ? "oncall (the person on call)"
          : `@${mention.kind}`;
  return `\`${inline(label, 80)}\``;
}

function filtersText(view: SubscriptionView): string {
  if (view.monitors.length === 0 && view.groups.length === 0) return "every monitor";
  const parts: string[] = [];
  if (view.monitors.length > 0) {
    const names = view.monitors.map((m) => (m.name ? inline(m.name, 60) : `#${escapeMrkdwn(m.id)}`));
    parts.push(`${view.monitors.length === 1 ? "monitor" : "monitors"} ${capped(names)}`);
  }
  if (view.groups.length > 0) {
    const names = view.groups.map((g) => inline(g, 60));
    parts.push(`${view.groups.length === 1 ? "group" : "groups"} ${capped(names)}`);
  }
  return parts.join(" and ");
}

function capped(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_PER_FILTER).join(", ");
  return names.length > NAMES_PER_FILTER ? `${shown} +${names.length - NAMES_PER_FILTER}` : shown;
}

/**
 * Why the reader's own alerts (App Home's "Your alerts") are paused: they wait for the person, never move
 * to another token, so the fix is theirs.
 */
function personalPauseText(reason: string): string {
  switch (reason) {
    case "token_rejected":
      return "your Uptime token is no longer accepted; they resume by themselves after /uptime login";
    case "not_logged_in":
      return "you are no longer logged in to Uptime; they resume by themselves after /uptime login";
    case "team_access_lost":
      return "your Uptime token can no longer read this team; checked every 5 minutes";
    default:
      return pauseText(reason);
  }
}

/** Why a subscription is paused and what fixes it, in a few words. */
function pauseText(reason: string): string {
  switch (reason) {
    case "token_rejected":
      return "the subscriber's Uptime token is no longer accepted; checked every 5 minutes, it resumes by itself after they run /uptime login";
    case "team_access_lost":
      return "the subscriber can no longer read this Uptime team; checked every 5 minutes, or a member of it runs /uptime subscribe here";
    case "not_logged_in":
      return "the subscriber is no longer logged in to Uptime; it resumes by itself after they run /uptime login";
    case "subscriber_left":
      return "the subscriber left this Slack workspace; a member of the team runs /uptime subscribe here to take over";
    case "not_in_channel":
    case "channel_not_found":
      return "the app was removed from the channel; invite it, then /uptime subscribe again";
    case "is_archived":
    case "is_inactive":
      return "the channel is archived";
    default:
      return `Slack refused the posts (${truncate(reason, 60)})`;
  }
}
