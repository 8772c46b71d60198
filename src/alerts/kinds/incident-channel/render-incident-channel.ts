import type { Button, KnownBlock } from "@slack/types";
import type { IncidentNote } from "../../../domain/incident-notes";
import type { Runbook } from "../../../domain/runbooks";
import { formatDuration, slackDate } from "../../../lib/format-time";
import { tryEncode } from "../../../ui/codec";
import { archiveChannelCodec, postmortemCodec } from "../../../ui/codecs";
import { actions } from "../../../ui/ids";
import { notesSection } from "../../../ui/render-incident-notes";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import {
  downtimeSeconds,
  epochOf,
  monitorName,
  monitorTarget,
  type RenderedAlert,
  runbookBlock,
} from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";

export interface IncidentChannelItem {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
}

export interface IncidentChannelIntroInput {
  items: readonly IncidentChannelItem[];
  teamName?: string | null;
  /** Where the alert is: the summary links back to it. */
  sourceChannel: string;
  openedBy: string;
  /** The subscription's user groups: mentioned here, not invited member by member. */
  groups?: readonly { id: string; handle: string }[];
  links?: WebLinks | undefined;
  /** The runbook links of the monitor (of a single one; a roll-up has too many monitors to choose). */
  runbooks?: readonly Runbook[] | undefined;
  now: number;
}

const REASON_MAX = 1500;
const ITEMS_MAX = 25;
const GROUPS_MAX = 10;

/** The first message of an incident channel: what is down, since when, why, and where it came from. */
export function renderIncidentChannelIntro(input: IncidentChannelIntroInput): RenderedAlert {
  const [first] = input.items;
  const single = input.items.length === 1 && first;
  const title = single
    ? `🔴 ${monitorName(first.monitor, first.incident.monitorId)} is down`
    : `🔴 ${input.items.length} monitors of ${teamLabel(input.teamName)} are down`;
  const lines = input.items.slice(0, ITEMS_MAX).map((item) => itemLine(item, input.links, input.now));
  if (input.items.length > ITEMS_MAX) lines.push(`…and ${input.items.length - ITEMS_MAX} more`);
  const blocks: KnownBlock[] = [{ type: "section", text: mrkdwn(`*${title}*\n${lines.join("\n")}`) }];
  const reason = single ? first.incident.reason : null;
  if (reason) {
    blocks.push({ type: "section", text: mrkdwn(`*Reason*\n${escapeMrkdwn(truncate(reason, REASON_MAX))}`) });
  }
  blocks.push(...runbookBlock(input.runbooks));
  blocks.push({
    type: "context",
    elements: [
      mrkdwn(
        `Opened by <@${escapeMrkdwn(input.openedBy)}> from the alert in <#${escapeMrkdwn(input.sourceChannel)}>. ` +
          "Acknowledgements, escalations and the recovery are posted here as they happen.",
      ),
    ],
  });
  const groups = (input.groups ?? []).slice(0, GROUPS_MAX);
  if (groups.length > 0) {
    const named = groups.map((g) => `<!subteam^${escapeMrkdwn(g.id)}>`).join(" ");
    blocks.push({
      type: "section",
      text: mrkdwn(
        `${named}: this alert names you. The channel is private: anyone in it can add the people needed.`,
      ),
    });
  }
  return { text: title, blocks };
}

function teamLabel(teamName: string | null | undefined): string {
  return teamName ? escapeMrkdwn(truncate(teamName, 120)) : "the team";
}

function itemLine(item: IncidentChannelItem, links: WebLinks | undefined, now: number): string {
  const name = monitorLink(
    links,
    item.incident.monitorId,
    monitorName(item.monitor, item.incident.monitorId),
  );
  const target = monitorTarget(item.monitor);
  const started = slackDate(epochOf(item.incident.started));
  const down = formatDuration(downtimeSeconds(item.incident, now));
  return `• *${name}*${target ? ` ${target}` : ""}: down since ${started} (${down}), incident #${escapeMrkdwn(item.incident.id)}`;
}

export function renderIncidentChannelLink(input: { channelId: string; openedBy: string }): RenderedAlert {
  const text = `🚨 Incident channel: <#${escapeMrkdwn(input.channelId)}> (private; opened by <@${escapeMrkdwn(input.openedBy)}>, who can add you)`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

export type IncidentChannelEntryKind = "acknowledged" | "escalated" | "recovered";

/** A line of the incident channel's timeline: informs, never pings (names, not mentions, of people). */
export function renderIncidentChannelEntry(input: {
  kind: IncidentChannelEntryKind;
  item: IncidentChannelItem;
  by?: string | null;
  afterMinutes?: number;
  now: number;
}): RenderedAlert {
  const name = monitorName(input.item.monitor, input.item.incident.monitorId);
  let text: string;
  if (input.kind === "acknowledged") {
    text = `👀 ${name} acknowledged ${input.by ? `by ${escapeMrkdwn(truncate(input.by, 80))}` : "in the Uptime app"}`;
  } else if (input.kind === "escalated") {
    const after = input.afterMinutes ? ` after ${input.afterMinutes} min` : "";
    text = `📣 ${name} still down${after}: escalated in the alert's channel`;
  } else {
    text = `✅ ${name} recovered after ${formatDuration(downtimeSeconds(input.item.incident, input.now))}`;
  }
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

export interface IncidentChannelSummaryInput {
  items: readonly IncidentChannelItem[];
  /** Who acknowledged each incident, by name (absent: in the Uptime app or not acknowledged). */
  ackedBy: Readonly<Record<string, string | null>>;
  /** Each monitor's availability over the last 24 h (A10: hourly points), percent; null when not read. */
  availability: Readonly<Record<string, number | null>>;
  teamId: string;
  channelId: string;
  now: number;
  /** What people added to the incidents' timeline, oldest first. */
  notes?: readonly IncidentNote[] | undefined;
}

/** The bot can archive: it is a member since it created the channel. */
export function renderIncidentChannelSummary(input: IncidentChannelSummaryInput): RenderedAlert {
  const starts = input.items.map((i) => epochOf(i.incident.started)).filter(Number.isFinite);
  const ends = input.items.map((i) => epochOf(i.incident.ended) || input.now).filter(Number.isFinite);
  const total = starts.length && ends.length ? (Math.max(...ends) - Math.min(...starts)) / 1000 : Number.NaN;
  const text = `✅ Recovered: ${formatDuration(total)} from the first failure to the last recovery`;
  const lines = input.items.slice(0, ITEMS_MAX).map((item) => summaryLine(item, input, input.now));
  const blocks: KnownBlock[] = [
    { type: "section", text: mrkdwn(`*Summary*\n${lines.join("\n")}`) },
    { type: "context", elements: [mrkdwn(text)] },
  ];
  const notes = notesSection(input.notes ?? []);
  if (notes) blocks.push({ type: "section", text: mrkdwn(notes) });
  const value = tryEncode(archiveChannelCodec, { teamId: input.teamId, channelId: input.channelId });
  // The postmortem of the first incident: the one the channel was opened for (a roll-up's first).
  const first = input.items[0]?.incident.id;
  const postmortem = first ? tryEncode(postmortemCodec, { incidentId: first }) : undefined;
  const elements: Button[] = [];
  if (postmortem) {
    elements.push({
      type: "button",
      action_id: actions.writePostmortem,
      text: plainText("Write postmortem", limits.buttonText),
      value: postmortem,
    });
  }
  if (value) {
    elements.push({
      type: "button",
      action_id: actions.archiveIncidentChannel,
      text: plainText("Archive channel", limits.buttonText),
      value,
    });
  }
  if (elements.length > 0) blocks.push({ type: "actions", elements });
  return { text, blocks };
}

function summaryLine(item: IncidentChannelItem, input: IncidentChannelSummaryInput, now: number): string {
  const name = monitorName(item.monitor, item.incident.monitorId);
  const duration = formatDuration(downtimeSeconds(item.incident, now));
  const by = input.ackedBy[item.incident.id];
  const acked = item.incident.acknowledged
    ? `acknowledged ${by ? `by ${escapeMrkdwn(truncate(by, 80))}` : "in the Uptime app"}`
    : "not acknowledged";
  const availability = input.availability[item.incident.monitorId];
  const around =
    availability === null || availability === undefined
      ? "availability 24 h unknown"
      : `availability 24 h ${availability.toFixed(2)}%`;
  return `• *${name}*: down ${duration}, ${acked}, ${around}`;
}
