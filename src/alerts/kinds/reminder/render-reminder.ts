import type { KnownBlock } from "@slack/types";
import type { Runbook } from "../../../domain/runbooks";
import { acknowledgeButton } from "../../../ui/acknowledge-button";
import { tryEncode } from "../../../ui/codec";
import { limits, mrkdwn, plainText } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import { epochOf, monitorName, type RenderedAlert, runbookBlock } from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";
import type { StillOnIt } from "./reminder-event";
import { STILL_ON_IT_ACTION, stillOnItCodec } from "./still-on-it-button";

export interface ReminderInput {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  /** The API team of the incident: the Acknowledge button carries it. */
  apiTeamId: string;
  subscriptionId: string;
  /** Who acknowledged it in Slack, when known. */
  ackedBy?: string | undefined;
  stillOnIt?: StillOnIt | undefined;
  links?: WebLinks | undefined;
  runbooks?: readonly Runbook[] | undefined;
  now: number;
}

/** "6 h", "45 min", "3 d": how long, at a reminder's grain. */
export function roughDuration(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/**
 * `--remind 2h`: "Still down after 6 h · acknowledged by @rita 5 h ago", broadcast by the caller so that an
 * acknowledged outage nobody closed is seen again. Still on it tells the channel someone is on it and
 * restarts the period; Acknowledge only while nobody has.
 */
export function renderReminder(input: ReminderInput): RenderedAlert {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const started = epochOf(input.incident.started);
  const acked = epochOf(input.incident.acknowledged);
  const parts = [
    `Still down after ${roughDuration(input.now - (Number.isFinite(started) ? started : input.now))}`,
  ];
  const acknowledged = Boolean(input.incident.acknowledged || input.ackedBy);
  if (acknowledged) {
    const by = input.ackedBy ? ` by <@${input.ackedBy}>` : "";
    const ago = Number.isFinite(acked) ? ` ${roughDuration(input.now - acked)} ago` : "";
    parts.push(`acknowledged${by}${ago}`);
  }
  if (input.stillOnIt)
    parts.push(`<@${input.stillOnIt.by}> still on it ${roughDuration(input.now - input.stillOnIt.at)} ago`);
  const line = parts.join(" · ");
  const text = `⏰ ${name}: ${line}`;
  const elements: NonNullable<Extract<KnownBlock, { type: "actions" }>["elements"]> = [];
  const value = tryEncode(stillOnItCodec, {
    subscriptionId: input.subscriptionId,
    incidentId: input.incident.id,
  });
  if (value)
    elements.push({
      type: "button",
      action_id: STILL_ON_IT_ACTION,
      text: plainText("Still on it", limits.buttonText),
      value,
    });
  if (!acknowledged) {
    const ack = acknowledgeButton({ incidentId: input.incident.id, teamId: input.apiTeamId });
    if (ack) elements.push(ack);
  }
  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: mrkdwn(`⏰ *${monitorLink(input.links, input.incident.monitorId, name)}*: ${line}`),
    },
  ];
  if (elements.length > 0) blocks.push({ type: "actions", elements });
  blocks.push(...runbookBlock(input.runbooks));
  return { text, blocks };
}
