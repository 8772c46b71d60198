import { type AddNoteOutcome, type IncidentNote, NOTES_PER_INCIDENT_MAX } from "../domain/incident-notes";
import { slackDate } from "../lib/format-time";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

/** How much of one note a list shows: the whole note is in the postmortem and behind its permalink. */
const NOTE_LINE_MAX = 280;

/** The answer to adding a note, for the person alone. */
export function addNoteResultText(outcome: AddNoteOutcome): string {
  const id = `#${escapeMrkdwn(outcome.incidentId)}`;
  switch (outcome.status) {
    case "added":
      return `:memo: Added to the timeline of incident ${id}. See it with \`/uptime incident ${escapeMrkdwn(outcome.incidentId)}\`.`;
    case "duplicate":
      return `:information_source: That message is already on the timeline of incident ${id}: nothing added.`;
    case "full":
      return `:warning: Incident ${id} already holds ${NOTES_PER_INCIDENT_MAX} notes, the most one incident keeps. Nothing added: put the rest in its postmortem (\`/uptime postmortem ${escapeMrkdwn(outcome.incidentId)}\`) or its thread.`;
    case "empty":
      return ":information_source: That message has no text to keep (files alone are not copied): nothing added.";
  }
}

export function renderAddNoteResult(outcome: AddNoteOutcome): Rendered {
  const text = addNoteResultText(outcome);
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** One note as a line: when, who, the text (escaped, on one line), and a link to its message. */
export function noteLine(note: IncidentNote): string {
  const who =
    note.author && note.author !== note.by
      ? `<@${escapeMrkdwn(note.author)}> (added by <@${escapeMrkdwn(note.by)}>)`
      : `<@${escapeMrkdwn(note.by)}>`;
  const text = escapeMrkdwn(truncate(note.text.replace(/\s+/g, " "), NOTE_LINE_MAX));
  const link = note.permalink && /^https:\/\//.test(note.permalink) ? ` <${note.permalink}|message>` : "";
  return `• ${slackDate(new Date(note.at))} ${who}: ${text}${link}`;
}

/** The notes as one mrkdwn section text, newest kept when they do not all fit. */
export function notesSection(notes: readonly IncidentNote[]): string | null {
  if (notes.length === 0) return null;
  const head = `*Notes (${notes.length})*`;
  const lines = notes.map(noteLine);
  // Slack's section text limit: drop the oldest lines and say so, rather than cut one in half.
  let shown = lines;
  let dropped = 0;
  const fits = () => [head, ...shown].join("\n").length <= limits.sectionText - 40;
  while (shown.length > 1 && !fits()) {
    shown = shown.slice(1);
    dropped++;
  }
  const more = dropped > 0 ? [`_${dropped} older not shown_`] : [];
  return truncate([head, ...more, ...shown].join("\n"), limits.sectionText);
}
