import type { KnownBlock } from "@slack/types";
import { slackDate } from "../lib/format-time";
import { actions, blocks as blockIds } from "./ids";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, plainText, truncate } from "./text";

/** What a changing workflow step asks its runner to confirm (services' StepChange, as the renderer needs it). */
export interface StepChangeView {
  kind: "pause" | "resume" | "acknowledge";
  id: string;
  name: string | null;
  teamName: string;
}

/** How a confirmation ended, for its message and the step's outcome. */
export type StepConfirmationEnd =
  | { kind: "done"; outputs: Record<string, string | boolean> }
  | { kind: "failed"; sentence: string }
  | { kind: "cancelled" }
  | { kind: "expired" };

const VERB = { pause: "pause", resume: "resume", acknowledge: "acknowledge" } as const;
const PAST = { pause: "paused", resume: "resumed", acknowledge: "acknowledged" } as const;

function plainName(name: string): string {
  return truncate(name.replace(/\s+/g, " "), 200);
}

/** "the monitor *Payments API* (id 7)" or "incident 42 of *Payments API*", in mrkdwn. */
function subject(change: StepChangeView): string {
  const name = change.name === null ? null : `*${escapeMrkdwn(plainName(change.name))}*`;
  if (change.kind === "acknowledge") {
    return `incident ${escapeMrkdwn(change.id)}${name ? ` of ${name}` : ""}`;
  }
  return `the monitor ${name ?? escapeMrkdwn(change.id)} (id ${escapeMrkdwn(change.id)})`;
}

/** The same, without mrkdwn: for `text` and for the step's error, which Slackbot shows as plain text. */
function plainSubject(change: StepChangeView): string {
  const name = change.name === null ? null : plainName(change.name);
  if (change.kind === "acknowledge") return `incident ${change.id}${name ? ` of ${name}` : ""}`;
  return `the monitor ${name ?? change.id} (id ${change.id})`;
}

function question(change: StepChangeView): KnownBlock {
  return {
    type: "section",
    text: mrkdwn(
      `:warning: A workflow you started wants to *${VERB[change.kind]}* ${subject(change)} in *${escapeMrkdwn(change.teamName)}*, with your Uptime account.`,
    ),
  };
}

/**
 * The question a Pause, Resume or Acknowledge step sends the person running the workflow: what would change,
 * in which team, and Confirm / Cancel. Nothing is changed before Confirm; no answer by `deadline` is a Cancel.
 */
export function renderStepConfirmation(change: StepChangeView, id: string, deadline: number): Rendered {
  return {
    // The notification text is read as mrkdwn too: names are escaped there as in the blocks.
    text: escapeMrkdwn(`Confirm: ${VERB[change.kind]} ${plainSubject(change)} in ${change.teamName}?`),
    blocks: [
      question(change),
      {
        type: "context",
        elements: [
          mrkdwn(
            `Nothing happens until you confirm. Cancel, or no answer by ${slackDate(deadline, "{time}")}, ends the workflow's step with an error.`,
          ),
        ],
      },
      {
        type: "actions",
        block_id: blockIds.stepConfirmation,
        elements: [
          {
            type: "button",
            action_id: actions.stepConfirm,
            text: plainText(`Confirm: ${VERB[change.kind]}`, 75),
            style: "primary",
            value: id,
          },
          { type: "button", action_id: actions.stepCancel, text: plainText("Cancel", 75), value: id },
        ],
      },
    ],
  };
}

/** The sentence of how it ended, in mrkdwn, for the answered message. */
function endText(change: StepChangeView, end: StepConfirmationEnd): string {
  switch (end.kind) {
    case "done": {
      const unchanged = end.outputs.changed === false || end.outputs.status === "already";
      const ended = end.outputs.status === "ended";
      if (ended) return `:information_source: Confirmed, but ${subject(change)} had already recovered.`;
      return unchanged
        ? `:white_check_mark: Confirmed: ${subject(change)} was already ${PAST[change.kind]}.`
        : `:white_check_mark: Confirmed: ${PAST[change.kind]} ${subject(change)}.`;
    }
    case "failed":
      return `:x: Not done: ${end.sentence}`;
    case "cancelled":
      return `:no_entry_sign: Cancelled: ${subject(change)} was not ${PAST[change.kind]}.`;
    case "expired":
      return `:hourglass: Not confirmed within 10 minutes: ${subject(change)} was not ${PAST[change.kind]}.`;
  }
}

/** The confirmation message once answered: the question, what happened, and no buttons any more. */
export function renderStepConfirmationEnd(change: StepChangeView, end: StepConfirmationEnd): Rendered {
  const text = endText(change, end);
  return {
    text: text.replace(/[*`]/g, ""),
    blocks: [question(change), { type: "section", text: mrkdwn(text) }],
  };
}

/** The error a cancelled or expired step ends with (Slackbot shows it to the runner as plain text). */
export function stepConfirmationError(change: StepChangeView, end: "cancelled" | "expired"): string {
  const what = `${plainSubject(change)} was not ${PAST[change.kind]}`;
  return end === "cancelled"
    ? `Cancelled by the person running the workflow: ${what}.`
    : `Not confirmed within 10 minutes: ${what}.`;
}

/** Someone other than the runner pressed Confirm or Cancel (only the runner's account would act). */
export function renderNotYourConfirmation(runnerId: string): Rendered {
  const text = `Only <@${runnerId}> can answer this: the workflow step runs with their Uptime account. Nothing was done.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(`:no_entry: ${text}`) }] };
}

/** The confirmation was answered already (or expired) when the click came. */
export function renderConfirmationGone(): Rendered {
  const text =
    "This workflow step is no longer waiting for an answer (it was answered, or 10 minutes passed).";
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
