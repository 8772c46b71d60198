import { STEP_CONFIRMATION_MS, type StepChangeRequest } from "../../services";
import { renderStepConfirmation } from "../../ui/render-step-confirmation";
import type { ListenerDeps } from "../listener-deps";
import type { FunctionHandler } from "../surface-routes";
import { workflowStep } from "./workflow-step";

/**
 * A step that changes something (Pause, Resume, Acknowledge) asks first: whoever built the workflow, it
 * runs with the runner's Uptime token, so the runner is shown what would change, and in which team, in
 * their DM with the app, with Confirm / Cancel (docs/slack-app.md "Workflow Builder steps"). The step stays
 * running: the answer completes it (actions/step-confirmation-action.ts), and no answer within 10 minutes
 * ends it with an error (step-confirmation-sweep.ts). The message is posted with the run's own token, so
 * that Slack hands the buttons' clicks the run's context (`function_data`, a fresh `bot_access_token`).
 */
export function confirmFirstStep(
  deps: ListenerDeps,
  request: (inputs: Record<string, unknown>) => StepChangeRequest,
): FunctionHandler {
  return workflowStep(deps, async (ref, inputs, step) => {
    // Read (and checked to be in the runner's active team) before anything is asked.
    const change = await deps.services.prepareStepChange(ref, request(inputs));
    const id = deps.services.newStepConfirmationId();
    const deadline = deps.clock.now() + STEP_CONFIRMATION_MS;
    // The user id as `channel`: the app's DM with them (docs/slack-app.md, permissions: chat:write).
    const posted = await step.client.chat.postMessage({
      channel: ref.userId,
      ...renderStepConfirmation(change, id, deadline),
      unfurl_links: false,
      unfurl_media: false,
    });
    if (!posted.channel || !posted.ts) throw new Error("chat.postMessage answered without channel or ts");
    await deps.services.holdStepConfirmation(
      {
        id,
        ...(ref.enterpriseId ? { enterpriseId: ref.enterpriseId } : {}),
        ...(ref.teamId ? { teamId: ref.teamId } : {}),
        ...(ref.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
        userId: ref.userId,
        change,
        functionExecutionId: step.functionExecutionId,
        channel: posted.channel,
        ts: posted.ts,
        deadline,
      },
      step.runToken,
    );
    return "later";
  });
}
