import { scrubUrlsInText } from "../lib/scrub-urls-in-text";

/**
 * An incident's notes: what the people did, kept beside the API's own times (the API has no notes). Bounded
 * per incident so that one busy thread cannot grow a key without end.
 */
export const NOTES_PER_INCIDENT_MAX = 100;
/** Longer text is cut here, with an ellipsis: a note is a line of the story, not a log paste. */
export const NOTE_TEXT_MAX = 3_000;
/** Kept long enough for a postmortem written weeks later. */
export const NOTE_TTL_MS = 90 * 24 * 3_600_000;

export interface IncidentNote {
  /** Slack user id of who added it (not necessarily who wrote the message). */
  by: string;
  /** The author of the message it was taken from, when added with the shortcut. */
  author?: string | undefined;
  /** When it was added (ms). */
  at: number;
  text: string;
  /** The message's permalink (chat.getPermalink), when it came from a message. */
  permalink?: string | undefined;
  /** `<channel>:<ts>` of the message, or `cmd:<random>` for a typed note: one note per message. */
  source: string;
}

/**
 * A note's text as it is kept: trimmed, its URLs without user info, query or fragment (as the API's free
 * text, docs/architecture.md section 1: a pasted curl line may hold a token), cut at NOTE_TEXT_MAX.
 * Null when nothing is left.
 */
export function noteText(raw: string): string | null {
  const text = scrubUrlsInText(raw.replace(/\r\n?/g, "\n").trim());
  if (text === "") return null;
  if (text.length <= NOTE_TEXT_MAX) return text;
  // Never half a surrogate pair at the cut.
  const cut = text.slice(0, NOTE_TEXT_MAX - 1).replace(/[\uD800-\uDBFF]$/, "");
  return `${cut}\u2026`;
}

/** What adding a note came to: `empty`, nothing left to keep (files alone); `full`, at its bound. */
export interface AddNoteOutcome {
  status: "added" | "duplicate" | "full" | "empty";
  incidentId: string;
}

/** The dedupe key of a note taken from a message: the same message added twice is one note. */
export function messageSource(channelId: string, ts: string): string {
  return `${channelId}:${ts}`;
}
