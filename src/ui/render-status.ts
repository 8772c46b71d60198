import type { KnownBlock } from "@slack/types";
import { slackDate } from "../lib/format-time";
import type { StatusView } from "../services/get-status";
import {
  context,
  freeText,
  header,
  incidentDuration,
  inline,
  listSections,
  monitorLabel,
  NAME_MAX,
  REASON_MAX,
  stateEmoji,
  TARGET_MAX,
  targetOf,
} from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";
import { monitorLink, type WebLinks } from "./web-links";

// 50 blocks a message: the fixed blocks take ~10, each list gets a few sections of up to 3000 characters.
const LIST_BLOCKS = 4;

/** The shape of GET /status failures is not shown in the reference: a string, a `name`/`component`, or JSON. */
function failureText(failure: unknown): string {
  if (typeof failure === "string") return failure;
  if (failure && typeof failure === "object") {
    const f = failure as Record<string, unknown>;
    for (const key of ["name", "component", "title", "message", "detail"]) {
      if (typeof f[key] === "string") return f[key] as string;
    }
  }
  return JSON.stringify(failure) ?? String(failure);
}

/**
 * `/uptime status`: counters, what is down, open incidents, and the service status when it is not active.
 * With `links` (UPTIME_WEB_URL) monitor names link to the web app.
 */
export function renderStatus(view: StatusView, now: number, links?: WebLinks): Rendered {
  const c = view.counters;
  const teamName = truncate(view.team.name, NAME_MAX);
  const blocks: KnownBlock[] = [header(`${teamName}: status`)];

  if (view.service) {
    const failures = view.service.failures.map((f) => `• ${freeText(failureText(f), REASON_MAX)}`);
    const text =
      `:warning: The Uptime service reports *${inline(view.service.status, 50)}*` +
      " (a component may have an issue; it does not mean the service is down).";
    blocks.push({ type: "section", text: mrkdwn(text) });
    blocks.push(...listSections(failures, 1));
  }

  if (c) {
    blocks.push({
      type: "section",
      fields: [
        mrkdwn(`🟢 *Up*\n${c.up}`, limits.sectionField),
        mrkdwn(`🔴 *Down*\n${c.down}`, limits.sectionField),
        mrkdwn(`⏸️ *Paused*\n${c.paused}`, limits.sectionField),
        mrkdwn(`⚪ *Pending*\n${c.pending}`, limits.sectionField),
      ],
    });
  } else {
    blocks.push(context("The service sent no monitor counters for this team."));
  }

  blocks.push({ type: "divider" });
  if (view.down.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("*Down monitors*\nNothing is down. :tada:") });
  } else {
    blocks.push({ type: "section", text: mrkdwn("*Down monitors*") });
    const rows = view.down.map(
      (m) =>
        `${stateEmoji(m)} *${monitorLink(links, m.id, inline(m.name, NAME_MAX))}*  ${inline(targetOf(m), TARGET_MAX)}`,
    );
    blocks.push(...listSections(rows, LIST_BLOCKS, "`/uptime monitors --state down`"));
    if (view.downHasMore)
      blocks.push(context("More are down: `/uptime monitors --state down` lists them all."));
  }

  blocks.push({ type: "divider" });
  const openCount = view.openIncidentsCapped
    ? `at least ${view.openIncidents.length}`
    : `${view.openIncidents.length}`;
  if (view.openIncidents.length === 0) {
    const none = view.openIncidentsCapped ? "None among the latest 200 incidents." : "None.";
    blocks.push({ type: "section", text: mrkdwn(`*Open incidents*\n${none}`) });
  } else {
    const title = view.openIncidentsCapped ? `*Open incidents* (${openCount})` : "*Open incidents*";
    blocks.push({ type: "section", text: mrkdwn(title) });
    const rows = view.openIncidents.map((i) => {
      const name = monitorLink(links, i.monitorId, monitorLabel(i.monitorId, view.monitorNames, i.monitor));
      const reason = i.reason ? `: ${freeText(i.reason, REASON_MAX)}` : "";
      const ack = i.acknowledged ? " · acknowledged" : "";
      return `🔴 *${name}*${reason}\nsince ${slackDate(i.started)}, ${incidentDuration(i, now)}${ack}`;
    });
    blocks.push(...listSections(rows, LIST_BLOCKS, "`/uptime incidents open`"));
  }
  // MAX_OPEN_SCAN_PAGES pages of 10 (docs/configuration.md, page caps): an older outage is left out, so the count is a floor.
  if (view.openIncidentsCapped)
    blocks.push(context("Only the latest 200 incidents were searched for open ones."));
  blocks.push(context("`/uptime incidents open` to acknowledge · `/uptime monitors` to browse"));

  const counts = c ? `${c.up} up, ${c.down} down, ${c.paused} paused, ${c.pending} pending` : "no counters";
  const open =
    view.openIncidentsCapped && view.openIncidents.length === 0
      ? "no open incident among the latest 200 incidents"
      : `${openCount} open incident${view.openIncidents.length === 1 ? "" : "s"}`;
  const service = view.service ? `; Uptime service: ${view.service.status}` : "";
  return {
    text: truncate(`${escapeMrkdwn(teamName)}: ${counts}, ${open}${service}`, limits.messageText),
    blocks,
  };
}
