import { slackDate } from "../lib/format-time";
import type { AcknowledgeRollupOutcome, RollupIncident } from "../services/acknowledge-rollup";
import type { MuteRollupOutcome } from "../services/mute-rollup";
import { errorText } from "./error-text";
import { incidentLabel } from "./render-acknowledge-result";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/** Names listed in one answer before "and N more": a storm can hold hundreds of incidents. */
const LISTED = 15;

/**
 * The answer to a roll-up's Acknowledge all, to the clicker only: how many were acknowledged, which were
 * skipped and why, and each failure with its reason.
 */
export function renderAcknowledgeRollupResult(outcome: AcknowledgeRollupOutcome): Rendered {
  const { acknowledged, skipped, failed } = outcome;
  const lines: string[] = [];
  if (acknowledged.length + skipped.length + failed.length === 0) {
    lines.push(":information_source: Every incident of this outage is already acknowledged or recovered.");
  } else if (acknowledged.length > 0) {
    lines.push(
      `:white_check_mark: Acknowledged ${count(acknowledged.length, "incident")}: ${names(acknowledged)}.`,
    );
  }
  const already = skipped.filter((s) => s.why === "already");
  const ended = skipped.filter((s) => s.why === "ended");
  if (already.length > 0) lines.push(`:information_source: Already acknowledged: ${names(already)}.`);
  if (ended.length > 0) lines.push(`:large_green_circle: Recovered meanwhile: ${names(ended)}.`);
  if (failed.length > 0) {
    lines.push(`:warning: ${count(failed.length, "incident")} could not be acknowledged; try them again:`);
    for (const f of failed.slice(0, LISTED))
      lines.push(`• ${incidentLabel(f.incidentId, f.monitorName)}: ${errorText(f.error).text}`);
    if (failed.length > LISTED) lines.push(`…and ${failed.length - LISTED} more`);
  }
  const text = lines.join("\n");
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** The note a roll-up's Mute all posts in the channel, naming who muted what and until when. */
export function renderMuteRollupNote(outcome: MuteRollupOutcome, by: string): Rendered {
  const who = `<@${escapeMrkdwn(by)}>`;
  const text =
    outcome.muted.length === 0
      ? `🔕 ${who} pressed Mute all, but no monitor of this outage is down any more: nothing was muted.`
      : `🔕 ${who} muted ${count(outcome.muted.length, "monitor")} of this outage in this channel for ${outcome.hours} h ` +
        `(until ${slackDate(outcome.until)}): ${names(outcome.muted)}. No new alert messages for them here until ` +
        "then; messages already posted keep updating. `/uptime unmute <monitor>` lifts one.";
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function names(items: readonly Pick<RollupIncident, "monitorId" | "monitorName">[]): string {
  const shown = items
    .slice(0, LISTED)
    .map((i) =>
      i.monitorName
        ? `*${escapeMrkdwn(truncate(i.monitorName, 80))}*`
        : `monitor ${escapeMrkdwn(i.monitorId)}`,
    );
  return items.length > LISTED ? `${shown.join(", ")} and ${items.length - LISTED} more` : shown.join(", ");
}
