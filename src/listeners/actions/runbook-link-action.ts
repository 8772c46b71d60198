import type { ButtonAction } from "@slack/bolt";
import { answerNothing } from "../answer";
import { actionHandler } from "../handle-interaction";

/** A runbook button: Slack opens its URL in the browser; the app only acknowledges the click. */
export function runbookLinkAction() {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: () => answerNothing,
    run: () => Promise.resolve(),
  });
}
