import type { QuietScope } from "../../../domain/quiet-windows";
import { slackDate } from "../../../lib/format-time";
import { quietScopeText } from "../../../ui/quiet-scope-text";
import { escapeMrkdwn, mrkdwn, truncate } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";

export interface MaintenanceNoteInput {
  phase: "start" | "end";
  id: string;
  scope: QuietScope;
  endAt: number;
  by: string;
  reason: string | null;
  endedBy?: string | undefined;
  /** The window's API team, named where its scope is a group or all. */
  teamName?: string | undefined;
}

/** Slack date tokens, so each reader sees their own time zone. */
export function renderMaintenanceNote(input: MaintenanceNoteInput): RenderedAlert {
  const what = quietScopeText(input.scope, input.teamName);
  const why = input.reason ? `: _${escapeMrkdwn(truncate(input.reason, 200))}_` : "";
  const planned = `Planned by <@${input.by}>${why}.`;
  const text =
    input.phase === "start"
      ? `🔧 Maintenance \`${input.id}\` started: no outage alerts here for ${what} until ${slackDate(input.endAt, "{date_short_pretty} {time}")}. ${planned}`
      : `🔧 Maintenance \`${input.id}\` ${input.endedBy ? `ended early by <@${input.endedBy}>` : "is over"}: outage alerts for ${what} are posted here again, and an outage still going on is alerted now. ${planned}`;
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}
