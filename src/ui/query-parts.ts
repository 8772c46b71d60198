/**
 * Pieces shared by the `/uptime` query answers (status, monitors, monitor, incidents, statistics, checks,
 * locations, channels): how a monitor's state and target read, long lists packed into sections within Block
 * Kit's limits with "and N more", and Prev/Next buttons.
 */
import type { KnownBlock, SectionBlock } from "@slack/types";
import { formatDuration } from "../lib/format-time";
import type { Incident, Monitor } from "../uptime/types";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate, truncateMrkdwn } from "./text";

/** Names and other user text in a row: one line, escaped, short enough for many rows per section. */
export const NAME_MAX = 120;
export const TARGET_MAX = 200;
export const REASON_MAX = 300;

/** User text on one line, cut and escaped for mrkdwn. */
export function inline(text: string, max: number): string {
  return escapeMrkdwn(truncate(text.replace(/\s+/g, " ").trim(), max));
}

/**
 * Free text from the API (an incident's reason, a check's error) as `inline`: its URLs were scrubbed where
 * it entered, by the API decoders (src/uptime/decode).
 */
export function freeText(text: string, max: number): string {
  return inline(text, max);
}

/** Emoji of a monitor: paused wins over the last state (A4: paused is meta.status 0). */
export function stateEmoji(monitor: Pick<Monitor, "paused" | "state">): string {
  if (monitor.paused) return "⏸️";
  switch (monitor.state) {
    case "up":
      return "🟢";
    case "down":
      return "🔴";
    case "pending":
      return "⚪";
    default:
      return "❔";
  }
}

export function stateLabel(monitor: Pick<Monitor, "paused" | "state">): string {
  if (monitor.paused) return "paused";
  return monitor.state === "unknown" ? "unknown state" : monitor.state;
}

/**
 * Where a monitor points (A8): the URL of an HTTP monitor, `host:port` of a TCP one (the host alone when the
 * port is missing), null when its settings have neither; each surface words that case itself. Not escaped.
 * The one place every surface reads a target from; the decoders already took user info, query and fragment
 * out of `settings` (src/uptime/decode/monitor.ts).
 */
export function monitorAddress(monitor: Pick<Monitor, "settings">): string | null {
  const { url, host, port } = monitor.settings;
  if (url) return url;
  if (host) return port !== undefined ? `${host}:${port}` : host;
  return null;
}

/** The URL of an HTTP monitor, host:port of a TCP one (A8), else its kind. Not escaped. */
export function targetOf(monitor: Pick<Monitor, "settings" | "kind">): string {
  return monitorAddress(monitor) ?? (monitor.kind === "http" ? "(no URL)" : monitor.kind);
}

/** A monitor's name for an incident or check row: the resolved name, else its id. Escaped. */
export function monitorLabel(
  monitorId: string | null,
  names: Record<string, string>,
  monitor?: Monitor,
): string {
  const name = monitor?.name ?? (monitorId !== null ? names[monitorId] : undefined);
  if (name) return inline(name, NAME_MAX);
  return monitorId !== null ? `monitor ${escapeMrkdwn(monitorId)}` : "unknown monitor";
}

/** "14m" for a closed incident (A6 downtime in seconds), "ongoing for 4m 12s" while open. */
export function incidentDuration(
  incident: Pick<Incident, "ended" | "downtimeSeconds" | "started">,
  now: number,
): string {
  if (incident.ended === null)
    return `ongoing for ${formatDuration((now - incident.started.getTime()) / 1000)}`;
  const seconds = incident.downtimeSeconds ?? (incident.ended.getTime() - incident.started.getTime()) / 1000;
  return formatDuration(seconds);
}

/** Room kept in a section for the "and N more" line. */
const SECTION_BUDGET = limits.sectionText - 100;

/**
 * Rows packed into as few section blocks as the 3000-character limit allows, at most `maxBlocks`; rows that do
 * not fit are counted in a last line "…and N more" (with `moreHint`, e.g. the command that narrows the list).
 * One row longer than a section is cut. Empty rows give no blocks.
 */
export function listSections(rows: readonly string[], maxBlocks: number, moreHint = ""): SectionBlock[] {
  const sections: string[] = [];
  let shown = 0;
  for (const raw of rows) {
    const row = truncateMrkdwn(raw, SECTION_BUDGET);
    const last = sections.at(-1);
    if (last !== undefined && last.length + 1 + row.length <= SECTION_BUDGET) {
      sections[sections.length - 1] = `${last}\n${row}`;
    } else if (sections.length < Math.max(1, maxBlocks)) {
      sections.push(row);
    } else break;
    shown++;
  }
  const hidden = rows.length - shown;
  if (hidden > 0) {
    const more = `_…and ${hidden} more${moreHint ? `: ${moreHint}` : ""}_`;
    sections[sections.length - 1] = `${sections.at(-1)}\n${more}`;
  }
  return sections.map((text) => ({ type: "section", text: mrkdwn(text) }));
}

/** Prev/Next buttons in one actions block; a missing value (no page that way) leaves its button out. */
export function pagerBlock(
  blockId: string,
  prev: { actionId: string; value: string | undefined },
  next: { actionId: string; value: string | undefined },
): KnownBlock[] {
  const elements = [
    ...(prev.value
      ? [
          {
            type: "button" as const,
            action_id: prev.actionId,
            text: plainText("◀ Prev", limits.buttonText),
            value: prev.value,
          },
        ]
      : []),
    ...(next.value
      ? [
          {
            type: "button" as const,
            action_id: next.actionId,
            text: plainText("Next ▶", limits.buttonText),
            value: next.value,
          },
        ]
      : []),
  ];
  return elements.length ? [{ type: "actions", block_id: blockId, elements }] : [];
}

/** A header block (plain text, 150 characters). */
export function header(text: string): KnownBlock {
  return { type: "header", text: plainText(text.replace(/\s+/g, " "), limits.headerText) };
}

/** A context block with one mrkdwn element. */
export function context(text: string): KnownBlock {
  return { type: "context", elements: [mrkdwn(text)] };
}
