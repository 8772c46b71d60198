import type { Button, KnownBlock } from "@slack/types";
import { formatDuration, slackDate } from "../../../lib/format-time";
import { tryEncode } from "../../../ui/codec";
import { rollupCodec } from "../../../ui/codecs";
import { actions, ROLLUP_MUTE_HOURS } from "../../../ui/ids";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import {
  ALERT_COLORS,
  downtimeSeconds,
  epochOf,
  incidentChannelButton,
  monitorName,
  monitorTarget,
  type RenderedAlert,
} from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";
import { pageButton } from "../page/page-button";

export interface StormRollupInput {
  apiTeamId: string;
  /** The API team's name when the poller read it; else the team is named by its id. */
  teamName?: string | null;
  down: readonly { monitor: AlertMonitor | null; incident: IncidentSnapshot; acknowledged?: boolean }[];
  channelId?: string;
  teamMonitorCount?: number | null;
  resolvedCount: number;
  links?: WebLinks | undefined;
  now: number;
}

/** Lines listed before "…and N more": 25 short lines stay far inside one message's blocks and text. */
export const ROLLUP_MAX_LINES = 25;
const LINE_MAX = 300;
const TEAM_NAME_MAX = 120;

/** One message instead of a flood (docs/architecture.md section 1 "Storm"). */
export function renderStormRollup(input: StormRollupInput): RenderedAlert {
  const down = input.down.length;
  const total = input.teamMonitorCount;
  const counted = total !== undefined && total !== null && total >= down ? `${down} of ${total}` : `${down}`;
  const allClear = down === 0;
  const text = allClear
    ? `✅ All ${input.resolvedCount} monitors of the outage recovered`
    : `🔴 ${counted} monitor${down === 1 && !total ? " is" : "s"} down`;

  const body: KnownBlock[] = [{ type: "section", text: mrkdwn(`*${text}* in ${teamLabel(input)}`) }];
  if (!allClear) body.push(...listSections(input));
  const buttons = allClear ? undefined : rollupButtons(input);
  if (buttons) body.push({ type: "actions", elements: buttons });
  body.push({
    type: "context",
    elements: [
      mrkdwn(
        `${input.resolvedCount} recovered so far. ` +
          "Many monitors of this team went down within a minute, so their alerts are grouped here.",
      ),
    ],
  });
  return {
    text,
    attachments: [{ color: rollupColor(input), fallback: text, blocks: body }],
  };
}

/** Green once all recovered; amber, as an alert's root, once every incident still down is acknowledged. */
function rollupColor(input: StormRollupInput): string {
  if (input.down.length === 0) return ALERT_COLORS.resolved;
  return input.down.every((d) => d.acknowledged) ? ALERT_COLORS.acknowledged : ALERT_COLORS.open;
}

function teamLabel(input: StormRollupInput): string {
  return input.teamName
    ? `*${escapeMrkdwn(truncate(input.teamName, TEAM_NAME_MAX))}*`
    : `team ${escapeMrkdwn(input.apiTeamId)}`;
}

/** Left out without fitting ids or the channel: the click must name its roll-up. */
function rollupButtons(input: StormRollupInput): Button[] | undefined {
  if (!input.channelId) return undefined;
  const value = tryEncode(rollupCodec, { teamId: input.apiTeamId, channelId: input.channelId });
  if (value === undefined) return undefined;
  const buttons: Button[] = [];
  if (input.down.some((d) => !d.acknowledged)) {
    buttons.push({
      type: "button",
      action_id: actions.rollupAcknowledgeAll,
      text: plainText("Acknowledge all", limits.buttonText),
      style: "primary",
      value,
    });
  }
  buttons.push({
    type: "button",
    action_id: actions.rollupMuteAll,
    text: plainText(`Mute all ${ROLLUP_MUTE_HOURS} h`, limits.buttonText),
    value,
  });
  const channel = incidentChannelButton({ teamId: input.apiTeamId, channelId: input.channelId });
  if (channel) buttons.push(channel);
  const page = pageButton({ teamId: input.apiTeamId, channelId: input.channelId });
  if (page) buttons.push(page);
  return buttons;
}

function listSections(input: StormRollupInput): KnownBlock[] {
  const shown = input.down.slice(0, ROLLUP_MAX_LINES).map(({ monitor, incident, acknowledged }) => {
    const plain = monitorName(monitor, incident.monitorId);
    const name = monitorLink(input.links, incident.monitorId, plain);
    const target = monitorTarget(monitor);
    const since = slackDate(epochOf(incident.started), "{time}");
    const acked = acknowledged ? ", acknowledged" : "";
    const line = `• *${name}*${target ? ` ${target}` : ""}, down since ${since} (${formatDuration(
      downtimeSeconds(incident, input.now),
    )})${acked}`;
    // The limit is on what readers see: a link's URL must not drop the target and the downtime.
    const shown = line.length - (name.length - plain.length);
    return shown > LINE_MAX ? `• *${name}*, down since ${since}${acked}` : line;
  });
  const more = input.down.length - shown.length;
  if (more > 0) shown.push(`…and ${more} more`);
  // Lines are packed into as few sections as the 3,000-character limit allows.
  const sections: KnownBlock[] = [];
  let current = "";
  for (const line of shown) {
    if (current && current.length + 1 + line.length > limits.sectionText) {
      sections.push({ type: "section", text: mrkdwn(current) });
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) sections.push({ type: "section", text: mrkdwn(current) });
  return sections;
}
