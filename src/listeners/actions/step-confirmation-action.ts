import type { ButtonAction } from "@slack/bolt";
import { stepRunClient } from "../../slack/step-run-client";
import { renderConfirmationGone, renderNotYourConfirmation } from "../../ui/render-step-confirmation";
import { ANSWER_LEASE_MS, answerStepConfirmation } from "../functions/answer-step-confirmation";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Confirm or Cancel of a Pause, Resume or Acknowledge workflow step (functions/confirm-first-step.ts). Only
 * the person the workflow runs for may answer: the change would be made with their Uptime account, so
 * anyone else hears so and nothing happens. A click after the deadline is the expiry the sweep would have
 * made. The message was posted with the run's token, so Slack sends the click with the run's context and a
 * fresh `bot_access_token`, which Bolt's client carries (https://docs.slack.dev/tools/bolt-js/concepts/
 * custom-steps, "interactivity"); without it the run's own token, kept encrypted, answers.
 */
export function stepConfirmationAction(deps: ListenerDeps, confirm: boolean) {
  return actionHandler<ButtonAction, string>({
    decode: ({ body }) => {
      const value = body.actions[0]?.value;
      return typeof value === "string" && value !== "" ? value : null;
    },
    run: async ({ args, value: id, user, answer }) => {
      const found = await deps.services.stepConfirmation(id);
      if (!found) {
        await answer.message(renderConfirmationGone());
        return;
      }
      const { record, runToken } = found;
      const sameWorkspace = record.isEnterpriseInstall
        ? record.enterpriseId === user.enterpriseId
        : record.teamId === user.teamId;
      if (!sameWorkspace || record.userId !== user.userId) {
        await answer.message(renderNotYourConfirmation(record.userId));
        return;
      }
      if (!(await deps.services.claimStepConfirmation(id, ANSWER_LEASE_MS))) {
        await answer.message(renderConfirmationGone());
        return;
      }
      // Read again under the claim: another answer may have ended it between the read and the claim.
      if (!(await deps.services.stepConfirmation(id))) {
        await deps.services.releaseStepConfirmation(id);
        await answer.message(renderConfirmationGone());
        return;
      }
      const expired = deps.clock.now() > record.deadline;
      const inRun = args.context.functionExecutionId === record.functionExecutionId;
      const slack = inRun ? stepRunClient(args.client) : deps.stepRunClientFor?.(runToken);
      if (!slack) throw new Error("ListenerDeps.stepRunClientFor is not configured");
      await answerStepConfirmation(deps, record, expired ? "expire" : confirm ? "confirm" : "cancel", slack);
    },
  });
}
