import type { ActionsBlock, Button } from "@slack/types";
import { type Runbook, runbookLabel } from "../domain/runbooks";
import { actions, blocks } from "./ids";
import { limits, plainText } from "./text";

/** A monitor's runbooks as link buttons (Block Kit buttons with a url: Slack opens it, the app only acks). */
export function runbookButtons(runbooks: readonly Runbook[] | undefined): Button[] {
  return (runbooks ?? []).map((runbook, i) => ({
    type: "button",
    action_id: `${actions.runbookLink}.${i}`,
    text: plainText(`📖 ${runbookLabel(runbook)}`, limits.buttonText),
    url: runbook.url,
  }));
}

/** The runbooks as an actions block of their own, or nothing when there are none. */
export function runbookBlock(runbooks: readonly Runbook[] | undefined): ActionsBlock[] {
  const elements = runbookButtons(runbooks);
  return elements.length > 0 ? [{ type: "actions", block_id: blocks.runbooks, elements }] : [];
}
