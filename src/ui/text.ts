/**
 * Text helpers that keep every rendered string inside Block Kit's limits. Slack counts characters as
 * UTF-16 code units (JavaScript's `length`); an emoji outside the BMP counts 2.
 */

/**
 * The Block Kit limits renderers need. test/support/block-kit-limits.ts checks rendered payloads against its
 * own copy of these numbers (with the reference page of each), so a wrong number here is caught there.
 */
export const limits = {
  /** section text: https://docs.slack.dev/reference/block-kit/blocks/section-block */
  sectionText: 3000,
  /** each section field, at most 10 fields: same page */
  sectionField: 2000,
  sectionFields: 10,
  /** https://docs.slack.dev/reference/block-kit/blocks/header-block */
  headerText: 150,
  /** https://docs.slack.dev/reference/block-kit/blocks/context-block */
  contextElements: 10,
  /** https://docs.slack.dev/reference/block-kit/block-elements/button-element */
  buttonText: 75,
  buttonValue: 2000,
  /** https://docs.slack.dev/reference/block-kit/composition-objects/option-object */
  optionText: 75,
  optionValue: 150,
  /** https://docs.slack.dev/reference/views/modal-views */
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  /** https://docs.slack.dev/reference/block-kit/blocks/input-block (label and hint) */
  inputLabel: 2000,
  /** placeholder of select menus and inputs (@slack/types Placeholdable) */
  placeholder: 150,
  /** https://docs.slack.dev/reference/block-kit/blocks: 50 blocks a message, 100 in modals and Home tabs */
  messageBlocks: 50,
  viewBlocks: 100,
  /** Slack's advice for a message's top-level `text`; longer may be split (it truncates at 40,000). */
  messageText: 4000,
} as const;

const ELLIPSIS = "…";

/**
 * `text` cut to at most `max` UTF-16 code units, ending with "…" when cut. Never splits a surrogate pair
 * (half an emoji renders as garbage). Total: a negative or non-finite `max` gives "".
 */
export function truncate(text: string, max: number): string {
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
  if (text.length <= limit) return text;
  if (limit < ELLIPSIS.length) return cutAt(text, limit);
  return cutAt(text, limit - ELLIPSIS.length) + ELLIPSIS;
}

function cutAt(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  // A high surrogate at the end would be half a pair: drop it too.
  const safe = code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
  return text.slice(0, Math.max(0, safe));
}

/**
 * mrkdwn truncated like `truncate`, but never inside a `<...>` token (a Slack date, link or mention cut in
 * half shows raw syntax) or an `&amp;` escape: the cut moves back before it.
 */
export function truncateMrkdwn(text: string, max: number): string {
  const cut = truncate(text, max);
  if (cut === text) return text;
  let body = cut.endsWith(ELLIPSIS) ? cut.slice(0, -ELLIPSIS.length) : cut;
  const open = body.lastIndexOf("<");
  if (open !== -1 && body.indexOf(">", open) === -1) body = body.slice(0, open);
  const amp = body.lastIndexOf("&");
  if (amp !== -1 && !body.slice(amp).includes(";") && body.length - amp < 6) body = body.slice(0, amp);
  return cut.endsWith(ELLIPSIS) ? body + ELLIPSIS : body;
}

/** Escapes the three characters Slack's mrkdwn requires (&, <, >), so user text cannot inject mentions or links. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface PlainTextObject {
  type: "plain_text";
  text: string;
  emoji?: boolean;
}

export interface MrkdwnObject {
  type: "mrkdwn";
  text: string;
  verbatim?: boolean;
}

/** A plain_text object cut to `max` (the limit of the field it goes into, see `limits`). */
export function plainText(text: string, max: number): PlainTextObject {
  return { type: "plain_text", text: truncate(text, max), emoji: true };
}

/** A mrkdwn object cut to `max`. `text` is mrkdwn already: escape user values with escapeMrkdwn first. */
export function mrkdwn(text: string, max: number = limits.sectionText): MrkdwnObject {
  return { type: "mrkdwn", text: truncateMrkdwn(text, max) };
}

/** Splits items into groups of `size` (default: the 10 fields a section block holds). */
export function fieldsChunks<T>(items: readonly T[], size: number = limits.sectionFields): T[][] {
  const step = Math.max(1, Math.floor(size));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += step) chunks.push(items.slice(i, i + step));
  return chunks;
}
