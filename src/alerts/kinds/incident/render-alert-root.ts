import type { ActionsBlock, Button, KnownBlock, MrkdwnElement, Overflow } from "@slack/types";
import type { Mention } from "../../../domain/escalation-steps";
import type { Runbook } from "../../../domain/runbooks";
import { isTestIncidentId } from "../../../domain/test-alert-id";
import { formatDuration, slackDate } from "../../../lib/format-time";
import { acknowledgeButton } from "../../../ui/acknowledge-button";
import { tryEncode } from "../../../ui/codec";
import { detailsCodec, muteCodec, muteUntilRecoveredCodec, unmuteCodec } from "../../../ui/codecs";
import { actions, blocks, MUTE_HOURS } from "../../../ui/ids";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "../../../ui/text";
import { incidentLink, monitorLink, type WebLinks } from "../../../ui/web-links";
import {
  ALERT_COLORS,
  downtimeSeconds,
  epochOf,
  incidentChannelButton,
  mentionToken,
  monitorName,
  monitorTarget,
  type RenderedAlert,
  runbookBlock,
  STAGE_EMOJI,
  testMarked,
} from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot, IncidentStage } from "../../model";
import { type FlapNoteInput, renderFlapNote } from "../flapping/render-flap-note";
import { pageButton } from "../page/page-button";

export interface AlertRootInput {
  channelId: string;
  apiTeamId: string;
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  stage: IncidentStage;
  /** The Slack user who acknowledged from any Slack surface; absent: acknowledged in the Uptime app. */
  ackedBy?: string | null;
  failingLocations: readonly string[];
  /** Dropped for any stage but open: updates never ping (docs/architecture.md section 1). */
  mention?: Mention | null;
  /** The monitor's live mute in this channel: shown with who muted and an Unmute button (docs/architecture.md section 1). */
  muted?: { until: number; by?: string | null; untilRecovered?: boolean } | null;
  flapping?: FlapNoteInput | null;
  /** Other kinds' lines about this incident (mrkdwn, already escaped), shown while it is not resolved. */
  notes?: readonly string[] | undefined;
  /** How many notes the incident's timeline holds (Add to incident timeline, `/uptime note`). */
  noteCount?: number | undefined;
  links?: WebLinks | undefined;
  /** The monitor's runbook links, shown as buttons while it is down. */
  runbooks?: readonly Runbook[] | undefined;
  now: number;
}

// A 5,000-character reason must not push the section past its 3,000 (and the text past 4,000).
const REASON_MAX = 1500;
const REASON_IN_TEXT_MAX = 200;
const LOCATIONS_MAX = 500;

/** One render path for the outbox and the Acknowledge button. */
export function renderAlertRoot(input: AlertRootInput): RenderedAlert {
  const text = headline(input);
  // The bar's fallback never carries the ping: the message text already does, once.
  const fallback = headline({ ...input, mention: null });
  const body: KnownBlock[] = [
    { type: "section", fields: fields(input) },
    ...(input.incident.reason
      ? [
          {
            type: "section" as const,
            text: mrkdwn(`*Reason*\n${escapeMrkdwn(truncate(input.incident.reason, REASON_MAX))}`),
          },
        ]
      : []),
    // Kept after recovery too: that is when the next incident of the monitor goes to this thread.
    ...(input.flapping ? [renderFlapNote(input.flapping)] : []),
    ...(isMuted(input) ? [{ type: "context" as const, elements: [mrkdwn(mutedText(input.muted))] }] : []),
    ...(input.notes?.length && input.stage !== "resolved"
      ? [{ type: "context" as const, elements: input.notes.slice(0, 10).map((note) => mrkdwn(note)) }]
      : []),
    ...(input.noteCount ? [{ type: "context" as const, elements: [mrkdwn(notesText(input))] }] : []),
  ];
  const buttons = actionsBlock(input);
  if (buttons) body.push(buttons);
  if (input.stage !== "resolved") body.push(...runbookBlock(input.runbooks));
  return { text, attachments: [{ color: ALERT_COLORS[input.stage], fallback, blocks: body }] };
}

function isMuted(input: AlertRootInput): input is AlertRootInput & { muted: { until: number } } {
  return !!input.muted && input.stage !== "resolved";
}

function mutedText(muted: { until: number; by?: string | null; untilRecovered?: boolean }): string {
  const by = muted.by ? ` by <@${escapeMrkdwn(muted.by)}>` : "";
  return `🔕 Muted here${by} until ${muted.untilRecovered ? "it recovers" : slackDate(muted.until)}`;
}

function notesText(input: AlertRootInput): string {
  const n = input.noteCount ?? 0;
  return `📝 ${n} ${n === 1 ? "note" : "notes"} on the timeline: \`/uptime incident ${escapeMrkdwn(input.incident.id)}\``;
}

function headline(input: AlertRootInput): string {
  return testMarked(input.incident.id, stageHeadline(input));
}

function stageHeadline(input: AlertRootInput): string {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const emoji = STAGE_EMOJI[input.stage];
  if (input.stage === "resolved") {
    return `${emoji} ${name} recovered after ${formatDuration(downtimeSeconds(input.incident, input.now))}`;
  }
  if (input.stage === "acknowledged") return `${emoji} ${name} is down, ${acknowledgement(input.ackedBy)}`;
  const ping = mentionToken(input.mention);
  const reason = input.incident.reason
    ? `: ${escapeMrkdwn(truncate(input.incident.reason, REASON_IN_TEXT_MAX))}`
    : "";
  return `${ping ? `${ping} ` : ""}${emoji} ${name} is down${reason}`;
}

function acknowledgement(ackedBy: string | null | undefined): string {
  return ackedBy ? `acknowledged by <@${ackedBy}>` : "acknowledged in the Uptime app";
}

function status(input: AlertRootInput): string {
  if (input.stage === "resolved") {
    return `Recovered after ${formatDuration(downtimeSeconds(input.incident, input.now))}`;
  }
  const down = `Down for ${formatDuration(downtimeSeconds(input.incident, input.now))}`;
  if (input.stage === "acknowledged") {
    const who = acknowledgement(input.ackedBy);
    return `${down}\n${who.charAt(0).toUpperCase()}${who.slice(1)}`;
  }
  return down;
}

function fields(input: AlertRootInput): MrkdwnElement[] {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const target = monitorTarget(input.monitor);
  const started = epochOf(input.incident.started);
  const locations = input.failingLocations.map((location) => escapeMrkdwn(location)).join(", ");
  // A test's id names no incident of the API: nothing to link to.
  const incident =
    input.links && !isTestIncidentId(input.incident.id)
      ? [
          mrkdwn(
            `*Incident*\n${incidentLink(input.links, input.incident.id, `#${escapeMrkdwn(input.incident.id)}`)}`,
            limits.sectionField,
          ),
        ]
      : [];
  return [
    mrkdwn(`*Monitor*\n${monitorLink(input.links, input.incident.monitorId, name)}`, limits.sectionField),
    ...(target ? [mrkdwn(`*Target*\n${target}`, limits.sectionField)] : []),
    mrkdwn(`*Started*\n${slackDate(started)}`, limits.sectionField),
    mrkdwn(`*Status*\n${status(input)}`, limits.sectionField),
    ...(locations && input.stage !== "resolved"
      ? [mrkdwn(`*Failing locations*\n${truncate(locations, LOCATIONS_MAX)}`, limits.sectionField)]
      : []),
    ...incident,
  ];
}

function actionsBlock(input: AlertRootInput): ActionsBlock | null {
  const { incident, apiTeamId, channelId, stage } = input;
  const elements: (Button | Overflow)[] = [];
  const ack = acknowledgeButton({ incidentId: incident.id, teamId: apiTeamId });
  if (stage === "open" && ack) elements.push(ack);
  const unmuteValue = isMuted(input)
    ? tryEncode(unmuteCodec, { monitorId: incident.monitorId, channelId })
    : undefined;
  if (unmuteValue) {
    elements.push({
      type: "button",
      action_id: actions.unmute,
      text: plainText("Unmute", limits.buttonText),
      value: unmuteValue,
    });
  } else if (stage !== "resolved") {
    const options = MUTE_HOURS.flatMap((hours) => {
      const value = tryEncode(muteCodec, { monitorId: incident.monitorId, channelId, hours });
      return value ? [{ text: plainText(`Mute ${hours} h in this channel`, limits.optionText), value }] : [];
    });
    const untilRecovered = tryEncode(muteUntilRecoveredCodec, {
      monitorId: incident.monitorId,
      channelId,
      incidentId: incident.id,
    });
    if (untilRecovered) {
      options.push({ text: plainText("Mute until it recovers", limits.optionText), value: untilRecovered });
    }
    // An overflow menu needs at least two options.
    if (options.length >= 2) elements.push({ type: "overflow", action_id: actions.mute, options });
  }
  const detailsValue = tryEncode(detailsCodec, { monitorId: incident.monitorId, incidentId: incident.id });
  if (detailsValue) {
    elements.push({
      type: "button",
      action_id: actions.details,
      text: plainText("Details", limits.buttonText),
      value: detailsValue,
    });
  }
  // While it lasts: a recovered incident's channel (if one was opened) has its summary and Archive.
  const channelButton =
    stage !== "resolved"
      ? incidentChannelButton({ teamId: apiTeamId, channelId, incidentId: incident.id })
      : undefined;
  if (channelButton) elements.push(channelButton);
  const page =
    stage !== "resolved" ? pageButton({ teamId: apiTeamId, channelId, incidentId: incident.id }) : undefined;
  if (page) elements.push(page);
  return elements.length > 0 ? { type: "actions", block_id: blocks.alertActions, elements } : null;
}
