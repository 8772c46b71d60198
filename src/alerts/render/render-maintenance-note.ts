import type { QuietScope } from "../../domain/quiet-windows";
import { slackDate } from "../../lib/format-time";
import { escapeMrkdwn, mrkdwn, truncate } from "../../ui/text";
import type { RenderedAlert } from "./alert-parts";

/** What a quiet window covers, in a sentence: "*Docs*", "the group *Edge*", "every monitor". */
export function quietScopeText(scope: QuietScope): string {
  if (scope.kind === "all") return "every monitor";
  if (scope.kind === "group") return `the group *${escapeMrkdwn(truncate(scope.group, 80))}*`;
  return scope.name ? `*${escapeMrkdwn(truncate(scope.name, 80))}*` : `monitor #${scope.monitorId}`;
}

export interface MaintenanceNoteInput {
  phase: "start" | "end";
  id: string;
  scope: QuietScope;
  endAt: number;
  /** The Slack user who planned it (named, not pinged: a mention in a note would notify them each time). */
  by: string;
  reason: string | null;
  /** Who ended it early, when someone did. */
  endedBy?: string | undefined;
}

/**
 * The one short note at a planned quiet window's start and end (issue 37): what it covers, until when,
 * who planned it and why. Times are Slack date tokens, so each reader sees their own time zone.
 */
export function renderMaintenanceNote(input: MaintenanceNoteInput): RenderedAlert {
  const what = quietScopeText(input.scope);
  const why = input.reason ? `: _${escapeMrkdwn(truncate(input.reason, 200))}_` : "";
  const planned = `Planned by <@${input.by}>${why}.`;
  const text =
    input.phase === "start"
      ? `🔧 Maintenance \`${input.id}\` started: no outage alerts here for ${what} until ${slackDate(input.endAt, "{date_short_pretty} {time}")}. ${planned}`
      : `🔧 Maintenance \`${input.id}\` ${input.endedBy ? `ended early by <@${input.endedBy}>` : "is over"}: outage alerts for ${what} are posted here again, and an outage still going on is alerted now. ${planned}`;
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}
