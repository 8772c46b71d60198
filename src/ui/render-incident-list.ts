import type { KnownBlock } from "@slack/types";
import { slackDate } from "../lib/format-time";
import type { IncidentListView } from "../services/list-incidents";
import type { Incident } from "../uptime/types";
import { acknowledgeButton } from "./acknowledge-button";
import { tryEncode } from "./codec";
import { pageCodec } from "./codecs";
import { actions, blocks as blockIds } from "./ids";
import {
  context,
  freeText,
  header,
  incidentDuration,
  monitorLabel,
  NAME_MAX,
  pagerBlock,
  REASON_MAX,
} from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";
import { incidentLink, monitorLink, type WebLinks } from "./web-links";

// One section per incident (each may carry its button): 40 leaves room for the header, context and pager.
const MAX_ROWS = 40;

function pageValue(view: IncidentListView, page: number): string | undefined {
  return tryEncode(pageCodec, { list: "incidents", teamId: view.team.id, page, openOnly: view.openOnly });
}

function incidentText(incident: Incident, view: IncidentListView, now: number, links?: WebLinks): string {
  const name = monitorLink(
    links,
    incident.monitorId,
    monitorLabel(incident.monitorId, view.monitorNames, incident.monitor),
  );
  const emoji = incident.open ? (incident.acknowledged ? "🟠" : "🔴") : "✅";
  const reason = incident.reason ? freeText(incident.reason, REASON_MAX) : "no reason given";
  const ack = incident.acknowledged
    ? `acknowledged ${slackDate(incident.acknowledged)}`
    : incident.open
      ? "not acknowledged"
      : null;
  const facts = [
    `started ${slackDate(incident.started)}`,
    incidentDuration(incident, now),
    ack,
    incident.maintenance ? "maintenance" : null,
    incidentLink(links, incident.id, `#${escapeMrkdwn(incident.id)}`),
  ].filter(Boolean);
  return `${emoji} *${name}*: ${reason}\n${facts.join(" · ")}`;
}

/**
 * `/uptime incidents [open]`: newest first (A6); open, unacknowledged ones carry an Acknowledge button. With
 * `links` (UPTIME_WEB_URL) the monitor's name and the incident's number link to the web app.
 */
export function renderIncidentList(view: IncidentListView, now: number, links?: WebLinks): Rendered {
  const teamName = truncate(view.team.name, NAME_MAX);
  const what = view.openOnly ? "Open incidents" : "Incidents";
  const blocks: KnownBlock[] = [
    header(`${what} of ${teamName}`),
    context(`newest first · page ${view.page}`),
  ];

  if (view.incidents.length === 0) {
    const text = view.openOnly
      ? view.page > 1
        ? "No more open incidents."
        : "No open incidents. :tada: `/uptime incidents` shows the closed ones too."
      : view.page > 1
        ? "No incidents on this page: `/uptime incidents` shows the first page."
        : "This team has no incidents.";
    blocks.push({ type: "section", text: mrkdwn(text) });
  }
  for (const incident of view.incidents.slice(0, MAX_ROWS)) {
    const button =
      incident.open && !incident.acknowledged
        ? acknowledgeButton({ incidentId: incident.id, teamId: incident.teamId ?? view.team.id })
        : undefined;
    blocks.push({
      type: "section",
      text: mrkdwn(incidentText(incident, view, now, links)),
      ...(button ? { accessory: button } : {}),
    });
  }
  const hidden = view.incidents.length - MAX_ROWS;
  if (hidden > 0) blocks.push(context(`…and ${hidden} more`));
  if (view.scanCapped) {
    blocks.push(context("Only the latest 200 incidents were searched for open ones."));
  }
  blocks.push(
    ...pagerBlock(
      blockIds.incidentsPager,
      {
        actionId: actions.incidentsPagePrev,
        value: view.hasPrev ? pageValue(view, view.page - 1) : undefined,
      },
      {
        actionId: actions.incidentsPageNext,
        value: view.hasNext ? pageValue(view, view.page + 1) : undefined,
      },
    ),
  );
  const open = view.incidents.filter((i) => i.open).length;
  const text = `${what} of ${escapeMrkdwn(teamName)}, page ${view.page}: ${view.incidents.length} shown, ${open} open`;
  return { text: truncate(text, limits.messageText), blocks };
}
