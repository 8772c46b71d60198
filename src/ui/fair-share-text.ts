import { blocks as blockIds } from "./ids";
import { context } from "./query-parts";
import type { Rendered } from "./reply";
import { mrkdwn } from "./text";

/** What a person ran out of: commands (any `/uptime`, a Share click) or charts. */
export type FairShareKind = "command" | "chart";

/** A wait as a reader takes it in: whole seconds (at least 1) under two minutes, else whole minutes. */
export function waitPhrase(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** The one sentence of a person past their fair share. */
export function fairShareSentence(kind: FairShareKind, waitMs: number): string {
  const next = `the next one in ${waitPhrase(waitMs)}.`;
  return kind === "chart" ? `You've asked for many charts; ${next}` : `You've sent many commands; ${next}`;
}

/** A command or Share click past the person's share of commands: nothing was read or posted. */
export function renderFairShareRefusal(waitMs: number): Rendered {
  const text = fairShareSentence("command", waitMs);
  return { text, blocks: [{ type: "section", text: mrkdwn(`:hourglass: ${text}`) }] };
}

/**
 * An answer that would have had a chart, past the person's share of charts: the data as text, with the
 * sentence under it and above its Share button (the answer is never refused, only its picture).
 */
export function withoutChartNote(answer: Rendered, waitMs: number): Rendered {
  const sentence = fairShareSentence("chart", waitMs);
  const note = context(`:hourglass: ${sentence}`);
  const blocks = answer.blocks ?? [];
  const share = blocks.findIndex((b) => b.block_id === blockIds.share);
  return {
    text: `${answer.text}\n${sentence}`,
    blocks: share === -1 ? [...blocks, note] : [...blocks.slice(0, share), note, ...blocks.slice(share)],
  };
}

/**
 * The interactive share of the person's API token is used up (A12): the rest of the API's limit is kept
 * for their alerts' polls, so this waits, not them.
 */
export function apiBudgetSentence(waitMs: number): string {
  return `The Uptime API's rate limit for your token is nearly used up (the rest is kept for your alerts); try again in ${waitPhrase(waitMs)}.`;
}
