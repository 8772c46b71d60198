import { formatDuration, slackDate } from "../../lib/format-time";
import type { Mention } from "../../store/subscription-store";
import { mrkdwn } from "../../ui/text";
import { monitorLink, type WebLinks } from "../../ui/web-links";
import type { AlertMonitor, IncidentSnapshot } from "../model";
import { epochOf, mentionToken, monitorName, type RenderedAlert } from "./alert-parts";

export interface EscalationReplyInput {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  mention: Mention | null;
  afterMinutes: number;
  /** UPTIME_WEB_URL: the monitor's name links to the web app. */
  links?: WebLinks | undefined;
  now: number;
}

/**
 * `--escalate <N>m`: the one thread reply that says an incident is still unacknowledged, with the
 * subscription's mention, broadcast to the channel (the caller's part) so that it is seen, not buried.
 */
export function renderEscalationReply(input: EscalationReplyInput): RenderedAlert {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const started = epochOf(input.incident.started);
  const down = Number.isFinite(started)
    ? formatDuration((input.now - started) / 1000)
    : `${input.afterMinutes}m`;
  const ping = mentionToken(input.mention);
  const lead = ping ? `${ping} ` : "";
  const text = `${lead}⏰ ${name} is still down and nobody acknowledged it (${down})`;
  const since = Number.isFinite(started) ? ` since ${slackDate(started)}` : "";
  return {
    text,
    blocks: [
      {
        type: "section",
        text: mrkdwn(
          `${lead}⏰ *${monitorLink(input.links, input.incident.monitorId, name)}* is still down${since}, and nobody acknowledged it within ${input.afterMinutes} min. Acknowledge it on the alert above.`,
        ),
      },
    ],
  };
}
