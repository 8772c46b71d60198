import type { KnownBlock } from "@slack/types";
import type { Mention } from "../../../domain/escalation-steps";
import type { Runbook } from "../../../domain/runbooks";
import { isTestIncidentId } from "../../../domain/test-alert-id";
import { formatDuration, slackDate } from "../../../lib/format-time";
import { acknowledgeButton } from "../../../ui/acknowledge-button";
import { mrkdwn } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import {
  epochOf,
  mentionToken,
  monitorName,
  type RenderedAlert,
  runbookBlock,
  testMarked,
} from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";

export interface EscalationReplyInput {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  apiTeamId: string;
  /** The step's own mention, else the subscription's. */
  mention: Mention | null;
  afterMinutes: number;
  /** Which `--escalate` step this is (index from 0) of how many; one step says no count. */
  step?: { index: number; count: number } | undefined;
  /** Run again because its acknowledgement expired (`--ack-timeout`), not because nobody answered. */
  again?: boolean | undefined;
  links?: WebLinks | undefined;
  runbooks?: readonly Runbook[] | undefined;
  now: number;
}

// A test alert runs its steps in seconds (`/uptime test`): the reply says the time it really waited.
function within(input: EscalationReplyInput): string {
  return isTestIncidentId(input.incident.id)
    ? `${input.afterMinutes} s (test speed)`
    : `${input.afterMinutes} min`;
}

/** Broadcast so it is seen, with its own Acknowledge so whoever it woke can answer there. */
export function renderEscalationReply(input: EscalationReplyInput): RenderedAlert {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const started = epochOf(input.incident.started);
  const down = Number.isFinite(started)
    ? formatDuration((input.now - started) / 1000)
    : `${input.afterMinutes}m`;
  const ping = mentionToken(input.mention);
  const lead = ping ? `${ping} ` : "";
  const test = (line: string) => testMarked(input.incident.id, line);
  const why = input.again ? "its acknowledgement expired" : "nobody acknowledged it";
  const text = `${lead}${test(`⏰ ${name} is still down and ${why} (${down})`)}`;
  const since = Number.isFinite(started) ? ` since ${slackDate(started)}` : "";
  const count =
    input.step && input.step.count > 1 ? ` (reminder ${input.step.index + 1} of ${input.step.count})` : "";
  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: mrkdwn(
        input.again
          ? `${lead}${test(`⏰ *${monitorLink(input.links, input.incident.monitorId, name)}* is still down${since}, and its acknowledgement expired${count}.`)}`
          : `${lead}${test(`⏰ *${monitorLink(input.links, input.incident.monitorId, name)}* is still down${since}, and nobody acknowledged it within ${within(input)}${count}.`)}`,
      ),
    },
  ];
  // Run again, it is acknowledged already: the API would refuse a second acknowledge.
  const ack = input.again
    ? undefined
    : acknowledgeButton({ incidentId: input.incident.id, teamId: input.apiTeamId });
  if (ack) blocks.push({ type: "actions", elements: [ack] });
  blocks.push(...runbookBlock(input.runbooks));
  return { text, blocks };
}
