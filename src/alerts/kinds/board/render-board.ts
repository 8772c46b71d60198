import type { KnownBlock } from "@slack/types";
import { slackDate } from "../../../lib/format-time";
import { blocks as blockIds } from "../../../ui/ids";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";
import type { BoardEntry, BoardPaused } from "./board-event";

export interface BoardInput {
  group: string | null;
  entries: readonly BoardEntry[];
  paused: readonly BoardPaused[];
  muted: readonly {
    monitorId: string;
    name: string | null;
    until: number;
    by: string | null;
    untilRecovered?: boolean;
  }[];
  /** Quiet windows going on now; `what` is mrkdwn already escaped (quietScopeText). */
  windows: readonly { id: string; what: string; endAt: number; by: string }[];
}

/** Lines per section before "…and N more": five sections stay under a section's 3,000 characters. */
const LINES_MAX = 15;

function name(text: string): string {
  return `*${escapeMrkdwn(truncate(text, 80))}*`;
}

function section(title: string, lines: readonly string[]): KnownBlock[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, LINES_MAX);
  if (lines.length > LINES_MAX) shown.push(`…and ${lines.length - LINES_MAX} more`);
  return [{ type: "section", text: mrkdwn(`*${title}*\n${shown.join("\n")}`, limits.sectionText) }];
}

function byName<T extends { name: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
}

/**
 * The channel's live board: what is down (and who acknowledged), slow, paused, muted and in a quiet window,
 * each since when. Nothing in it changes unless the state does (no "updated at"), so an equal drawing is
 * never sent again.
 */
export function renderBoard(input: BoardInput): RenderedAlert {
  const down = byName(input.entries.filter((e) => e.state !== "slow"));
  const slow = byName(input.entries.filter((e) => e.state === "slow"));
  const scope = input.group ? ` · group ${escapeMrkdwn(truncate(input.group, 80))}` : "";
  const counts = [
    down.length > 0 ? `${down.length} down` : "",
    slow.length > 0 ? `${slow.length} slow` : "",
    input.paused.length > 0 ? `${input.paused.length} paused` : "",
    input.muted.length > 0 ? `${input.muted.length} muted` : "",
    input.windows.length > 0 ? `${input.windows.length} in a quiet window` : "",
  ].filter(Boolean);
  const summary = counts.length > 0 ? counts.join(", ") : "all clear";
  const icon = down.length > 0 ? "🔴" : slow.length > 0 ? "🐢" : "✅";
  const text = `${icon} Status board${input.group ? ` (group ${input.group})` : ""}: ${summary}`;
  const body: KnownBlock[] = [
    {
      type: "section",
      block_id: blockIds.board,
      text: mrkdwn(`${icon} *Status board*${scope}: ${summary}`),
    },
    ...section(
      "Down",
      down.map((e) => {
        const ack =
          e.state === "acknowledged"
            ? ` · acknowledged ${e.ackedBy ? `by <@${escapeMrkdwn(e.ackedBy)}>` : "in the Uptime app"}`
            : "";
        return `🔴 ${name(e.name)} since ${slackDate(e.since)}${ack}`;
      }),
    ),
    ...section(
      "Slow",
      slow.map((e) => `🐢 ${name(e.name)} since ${slackDate(e.since)}`),
    ),
    ...section(
      "Paused",
      byName(input.paused).map((p) => `⏸️ ${name(p.name)}`),
    ),
    ...section(
      "Muted here",
      byName(input.muted).map(
        (m) =>
          `🔕 ${name(m.name ?? `Monitor ${m.monitorId}`)} until ${m.untilRecovered ? "it recovers" : slackDate(m.until)}${m.by ? ` · by <@${escapeMrkdwn(m.by)}>` : ""}`,
      ),
    ),
    ...section(
      "Quiet window",
      input.windows.map((w) => `🛠️ ${w.what} until ${slackDate(w.endAt)} · by <@${escapeMrkdwn(w.by)}>`),
    ),
  ];
  if (counts.length === 0)
    body.push({ type: "context", elements: [mrkdwn("Nothing down, slow, paused, muted or quiet here.")] });
  return { text, blocks: body };
}
