import type { StepConfirmationRecord } from "../../services";
import { slackErrorOf } from "../../slack/slack-call";
import type { StepRunClient } from "../../slack/step-run-client";
import { errorText } from "../../ui/error-text";
import {
  renderStepConfirmationEnd,
  type StepConfirmationEnd,
  stepConfirmationError,
} from "../../ui/render-step-confirmation";
import type { ListenerDeps } from "../listener-deps";
import { plainSentence } from "./workflow-step";

/** How long one answer holds a confirmation: a replica that dies meanwhile lets it be answered again. */
export const ANSWER_LEASE_MS = 60_000;

/**
 * Answers a claimed confirmation: on Confirm the change is made now (runner's token and role, their active
 * team), then the message says what happened and the step is completed (outputs) or failed (the sentence
 * the runner would read for `/uptime`; "cancelled"; "not confirmed within 10 minutes"). The message is
 * updated first: the run's token is revoked by the completion. A Slack refusal of either call (the run
 * already ended, its token expired) ends the confirmation all the same: nothing more can be answered. A
 * Cancel or expiry that Slack did not answer stays, for the sweep to end it again.
 */
export async function answerStepConfirmation(
  deps: ListenerDeps,
  record: StepConfirmationRecord,
  answer: "confirm" | "cancel" | "expire",
  slack: StepRunClient,
): Promise<StepConfirmationEnd> {
  const { change } = record;
  let end: StepConfirmationEnd;
  if (answer === "confirm") {
    const ref = {
      enterpriseId: record.enterpriseId,
      teamId: record.teamId,
      isEnterpriseInstall: record.isEnterpriseInstall,
      userId: record.userId,
    };
    try {
      end = { kind: "done", outputs: await deps.services.runStepChange(ref, change) };
    } catch (error) {
      const text = errorText(error);
      if (text.unexpected) deps.logger.error({ err: error }, "a confirmed workflow step failed unexpectedly");
      end = { kind: "failed", sentence: text.text };
    }
  } else {
    end = { kind: answer === "cancel" ? "cancelled" : "expired" };
  }
  try {
    await slack.update(record.channel, record.ts, renderStepConfirmationEnd(change, end));
  } catch (err) {
    deps.logger.warn({ err }, "could not update a workflow step's confirmation message");
  }
  try {
    if (end.kind === "done") await slack.completeSuccess(record.functionExecutionId, end.outputs);
    else {
      const error =
        end.kind === "failed" ? plainSentence(end.sentence) : stepConfirmationError(change, end.kind);
      await slack.completeError(record.functionExecutionId, error);
    }
  } catch (err) {
    deps.logger.warn({ err }, "could not complete a workflow step after its confirmation");
    // Slack not answering is tried again by the next sweep while nothing was changed; a refusal (the run
    // already ended, its token gone) cannot be, and a change already made must not be followed by an expiry.
    if (answer !== "confirm" && slackErrorOf(err).kind !== "slack.refused") {
      await deps.services.releaseStepConfirmation(record.id);
      return end;
    }
  }
  await deps.services.endStepConfirmation(record.id);
  return end;
}
