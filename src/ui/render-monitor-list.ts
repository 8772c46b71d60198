import type { KnownBlock } from "@slack/types";
import { formatDuration } from "../lib/format-time";
import type { MonitorListView } from "../services/list-monitors";
import { tryEncode } from "./codec";
import { pageCodec } from "./codecs";
import { actions, blocks as blockIds } from "./ids";
import {
  context,
  header,
  inline,
  listSections,
  NAME_MAX,
  pagerBlock,
  stateEmoji,
  TARGET_MAX,
  targetOf,
} from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";
import { monitorLink, type WebLinks } from "./web-links";

// The API pages by 10; a bigger list (never from the service, but the renderer is total) is cut with "and N more".
const LIST_BLOCKS = 40;

/** What the filters were, in words: "matching “api” · state down · group API · sorted by -name". */
export function describeMonitorQuery(query: MonitorListView["query"]): string {
  const parts: string[] = [];
  if (query.text) parts.push(`matching “${inline(query.text, 100)}”`);
  if (query.state) parts.push(`state ${query.state}`);
  if (query.group) parts.push(`group ${inline(query.group, 100)}`);
  if (query.sort?.length) parts.push(`sorted by ${query.sort.join(",")}`);
  return parts.join(" · ");
}

function pageValue(view: MonitorListView, page: number): string | undefined {
  const q = view.query;
  return tryEncode(pageCodec, {
    list: "monitors",
    teamId: view.team.id,
    page,
    ...(q.text ? { text: q.text } : {}),
    ...(q.state ? { state: q.state } : {}),
    ...(q.group ? { group: q.group } : {}),
    ...(q.sort?.length ? { sort: q.sort } : {}),
  });
}

/**
 * `/uptime monitors`: one page of monitors with Prev/Next buttons that carry the filters; with `links`
 * (UPTIME_WEB_URL) each name links to the monitor's page of the web app.
 */
export function renderMonitorList(view: MonitorListView, links?: WebLinks): Rendered {
  const filters = describeMonitorQuery(view.query);
  const page = view.query.page;
  const teamName = truncate(view.team.name, NAME_MAX);
  const out: KnownBlock[] = [header(`Monitors of ${teamName}`)];
  const where = [filters, `page ${page}`].filter(Boolean).join(" · ");

  if (view.monitors.length === 0) {
    const widen =
      filters !== ""
        ? "Try a shorter text, another `--state` or `--group`, or `/uptime monitors` without filters."
        : page > 1
          ? "This page is past the end of the list: `/uptime monitors` shows the first page."
          : "This team has no monitors yet: `/uptime create` adds one.";
    out.push({
      type: "section",
      text: mrkdwn(`No monitors ${filters ? `${filters} ` : ""}on page ${page}. ${widen}`),
    });
  } else {
    out.push(context(where));
    const rows = view.monitors.map((m) => {
      const details = [
        `\`${inline(targetOf(m), TARGET_MAX)}\``,
        m.group ? inline(m.group, NAME_MAX) : "no group",
        m.interval ? `every ${formatDuration(m.interval)}` : null,
        m.paused ? "*paused*" : null,
      ].filter(Boolean);
      return `${stateEmoji(m)} *${monitorLink(links, m.id, inline(m.name, NAME_MAX))}* (id ${escapeMrkdwn(m.id)})\n${details.join(" · ")}`;
    });
    out.push(...listSections(rows, LIST_BLOCKS, "narrow the list with a text or `--group`"));
  }
  if (view.scanCapped) out.push(context("Only the first 500 monitors were searched for paused ones."));
  out.push(
    ...pagerBlock(
      blockIds.monitorsPager,
      { actionId: actions.monitorsPagePrev, value: view.hasPrev ? pageValue(view, page - 1) : undefined },
      { actionId: actions.monitorsPageNext, value: view.hasNext ? pageValue(view, page + 1) : undefined },
    ),
  );
  const n = view.monitors.length;
  const summary = n
    ? `${n} monitor${n === 1 ? "" : "s"} of ${escapeMrkdwn(teamName)}, page ${page}`
    : `No monitors found on page ${page}`;
  return { text: truncate(summary, limits.messageText), blocks: out };
}
