import type { KnownBlock } from "@slack/types";
import { formatDuration, slackDate } from "../lib/format-time";
import type { IncidentView } from "../services/get-incident";
import { acknowledgeButton } from "./acknowledge-button";
import { context, freeText, header, inline, monitorAddress, NAME_MAX, REASON_MAX } from "./query-parts";
import { notesSection } from "./render-incident-notes";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";
import { incidentLink, monitorLink, type WebLinks } from "./web-links";

/** One line of the incident's timeline: when, and what happened. */
interface TimelineEntry {
  at: Date;
  text: string;
}

/** The timeline the API's times tell: opened, acknowledged (by whom, when it was done from Slack), recovered. */
export function incidentTimeline(view: IncidentView): TimelineEntry[] {
  const { incident, ackedBy } = view;
  const entries: TimelineEntry[] = [{ at: incident.started, text: "opened" }];
  if (incident.acknowledged) {
    entries.push({
      at: incident.acknowledged,
      text: ackedBy ? `acknowledged by <@${escapeMrkdwn(ackedBy)}>` : "acknowledged in the Uptime app",
    });
  }
  if (incident.ended) {
    const seconds = (incident.ended.getTime() - incident.started.getTime()) / 1000;
    entries.push({ at: incident.ended, text: `recovered after ${formatDuration(seconds)}` });
  }
  for (const entry of view.slackTimeline ?? []) {
    const where = `in <#${escapeMrkdwn(entry.channel)}>`;
    const by = entry.by ? ` by <@${escapeMrkdwn(entry.by)}>` : "";
    const text =
      entry.kind === "escalated"
        ? `escalated ${where}: nobody had acknowledged it`
        : entry.kind === "muted"
          ? `muted ${where}${by}${entry.until !== undefined ? ` until ${slackDate(entry.until)}` : ""}`
          : `unmuted ${where}${by}`;
    entries.push({ at: new Date(entry.at), text });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * `/uptime incident <id>` and the Details button of an alert: the incident, its monitor and its timeline. With
 * `links` (UPTIME_WEB_URL) the monitor's name and the incident link to the web app (the header cannot).
 */
export function renderIncident(view: IncidentView, now: number, links?: WebLinks): Rendered {
  const { incident, monitor } = view;
  const name = monitor
    ? inline(monitor.name, NAME_MAX)
    : `monitor ${escapeMrkdwn(incident.monitorId ?? "?")}`;
  const emoji = incident.open ? (incident.acknowledged ? "🟠" : "🔴") : "✅";
  const state = incident.open
    ? incident.acknowledged
      ? "open, acknowledged"
      : "open, not acknowledged"
    : "recovered";
  const address = monitor ? monitorAddress(monitor) : null;
  const reason = incident.reason ? freeText(incident.reason, REASON_MAX) : "no reason given";
  const facts = [
    `*Monitor:* ${monitorLink(links, monitor?.id ?? incident.monitorId, name)}${address ? ` (${escapeMrkdwn(address)})` : ""}`,
    `*Reason:* ${reason}`,
    `*Started:* ${slackDate(incident.started)}`,
    `*Acknowledged:* ${
      incident.acknowledged
        ? `${slackDate(incident.acknowledged)} ${view.ackedBy ? `by <@${escapeMrkdwn(view.ackedBy)}>` : "in the Uptime app"}`
        : "not yet"
    }`,
    `*Resolved:* ${
      incident.ended
        ? slackDate(incident.ended)
        : `not yet (ongoing for ${formatDuration((now - incident.started.getTime()) / 1000)})`
    }`,
  ];
  const timeline = incidentTimeline(view)
    .map((entry) => `• ${slackDate(entry.at)} ${entry.text}`)
    .join("\n");
  const button =
    incident.open && !incident.acknowledged && incident.teamId
      ? acknowledgeButton({ incidentId: incident.id, teamId: incident.teamId })
      : undefined;
  const blocks: KnownBlock[] = [
    header(truncate(`${emoji} Incident #${incident.id}: ${monitor?.name ?? "unknown monitor"}`, NAME_MAX)),
    context(
      `${state}${incident.maintenance ? " · maintenance" : ""}${
        links
          ? ` · ${incidentLink(links, incident.id, `Open #${escapeMrkdwn(incident.id)} in the Uptime web app`)}`
          : ""
      }`,
    ),
    {
      type: "section",
      text: mrkdwn(truncate(facts.join("\n"), limits.sectionText)),
      ...(button ? { accessory: button } : {}),
    },
    { type: "section", text: mrkdwn(truncate(`*Timeline*\n${timeline}`, limits.sectionText)) },
  ];
  const notes = notesSection(view.notes ?? []);
  if (notes) blocks.push({ type: "section", text: mrkdwn(notes) });
  return {
    text: truncate(
      `${emoji} Incident #${escapeMrkdwn(incident.id)} of ${name}: ${state}`,
      limits.messageText,
    ),
    blocks,
  };
}
