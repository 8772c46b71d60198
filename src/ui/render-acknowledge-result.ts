import { slackDate } from "../lib/format-time";
import type { AcknowledgeOutcome } from "../services/acknowledge-incident";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

/** "#42 (Checkout API)": the incident and, when known, its monitor. */
export function incidentLabel(incidentId: string, monitorName: string | null): string {
  const monitor = monitorName ? ` (${escapeMrkdwn(monitorName)})` : "";
  return `incident #${escapeMrkdwn(incidentId)}${monitor}`;
}

/** One sentence for the result of an acknowledge (A7: already acknowledged is 200 unchanged, ended is 422). */
export function acknowledgeResultText(outcome: AcknowledgeOutcome): string {
  const label = incidentLabel(outcome.incidentId, outcome.monitorName);
  switch (outcome.status) {
    case "acknowledged":
      return `:white_check_mark: Acknowledged ${label}.`;
    case "already":
      return `:information_source: ${capitalize(label)} was already acknowledged${
        outcome.acknowledgedAt ? ` ${slackDate(outcome.acknowledgedAt)}` : ""
      }.`;
    case "ended":
      return `:large_green_circle: ${capitalize(label)} already recovered${
        outcome.endedAt ? ` ${slackDate(outcome.endedAt)}` : ""
      }: there is nothing left to acknowledge.`;
  }
}

/** The ephemeral answer to `/uptime ack` and to an Acknowledge button. */
export function renderAcknowledgeResult(outcome: AcknowledgeOutcome): Rendered {
  const text = acknowledgeResultText(outcome);
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
