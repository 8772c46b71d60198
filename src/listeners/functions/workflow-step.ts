import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../../domain/workspace-ref";
import { userRefFrom } from "../../slack/user-ref";
import { errorText } from "../../ui/error-text";
import { fairShareSentence } from "../../ui/fair-share-text";
import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { FunctionHandler } from "../surface-routes";

/** What a step returns: its outputs as declared in manifest.yml `functions.<callback_id>.output_parameters`. */
export type StepOutputs = Record<string, string | number | boolean>;

/** The run itself: its own client and token (`bot_access_token`), for a step that completes later. */
export interface StepRun {
  client: WebClient;
  functionExecutionId: string;
  runToken: string;
}

/**
 * The person running the workflow: the step's `user_context` input (slack#/types/user_context,
 * https://docs.slack.dev/reference/types/user_context-type: "will not have a visible input field and cannot
 * be set manually by a builder"; Slack fills it from the trigger or from an earlier step a person clicked).
 * A plain user_id input would let whoever builds the workflow act with anyone's token.
 */
function runnerOf(inputs: Record<string, unknown>): string | undefined {
  const context = inputs[workflowInputs.userContext];
  if (typeof context !== "object" || context === null) return undefined;
  const id = (context as { id?: unknown }).id;
  return typeof id === "string" && /^[UW][A-Z0-9]{2,}$/.test(id) ? id : undefined;
}

/** Mrkdwn of the one error mapping, as the plain sentence Slackbot shows the person (fail's `error`). */
export function plainSentence(text: string): string {
  return text.replace(/[*`]/g, "").replace(/<([^|>]+)\|([^>]+)>/g, "$2");
}

/**
 * One Workflow Builder step (a Bolt custom step, docs/slack-app.md "Workflow Builder steps"): acknowledged
 * at once as `app.function` does, then, once it has taken one command of the runner's fair share, run with
 * the Uptime token of the person running the workflow, and ended with `complete` (the outputs) or `fail`
 * with the sentence the error mapping gives, which Slack shows them: not linked, a read-only role, no such
 * monitor, past their share... An unexpected error is logged and says so. A run that returns "later" asked
 * its runner first and is ended by their answer (confirm-first-step.ts).
 */
export function workflowStep(
  deps: ListenerDeps,
  run: (ref: UserRef, inputs: Record<string, unknown>, step: StepRun) => Promise<StepOutputs | "later">,
): FunctionHandler {
  return async ({ ack, inputs, complete, fail, context, client, event }) => {
    await ack();
    const userId = runnerOf(inputs);
    if (!userId) {
      await fail({
        error:
          "This step needs to know who runs the workflow: start it with a link or button trigger, or put a step a person clicks before it.",
      });
      return;
    }
    const ref = userRefFrom(context, userId);
    // A step is a command run for the runner: it spends one of their commands.
    const share = await deps.services.takeFairShare(ref, "command");
    if (!share.ok) {
      await fail({ error: fairShareSentence("command", share.waitMs) });
      return;
    }
    let outputs: StepOutputs | "later";
    try {
      outputs = await run(ref, inputs, {
        client,
        functionExecutionId: event.function_execution_id,
        runToken: event.bot_access_token,
      });
    } catch (error) {
      if (error instanceof MissingStepInputError) {
        await fail({ error: `${error.message}: give it a value in Workflow Builder.` });
        return;
      }
      const text = errorText(error);
      if (text.unexpected) deps.logger.error({ err: error }, "a workflow step failed unexpectedly");
      await fail({ error: plainSentence(text.text) });
      return;
    }
    // A step that asked its runner first completes when they answer (step-confirmation-action.ts).
    if (outputs !== "later") await complete({ outputs });
  };
}

/** A required string input, trimmed; a clear error (through `fail`) when the workflow gave none. */
export function textInput(inputs: Record<string, unknown>, name: string): string {
  const value = inputs[name];
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  if (text === "") throw new MissingStepInputError(name);
  return text;
}

/** A step ran without one of its inputs (a variable of an earlier step that was empty). */
export class MissingStepInputError extends Error {
  override readonly name = "MissingStepInputError";
  readonly code = "listener.missing-step-input";
  constructor(readonly input: string) {
    super(`The step's "${input}" input is empty`);
  }
}
