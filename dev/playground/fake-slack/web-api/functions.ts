import { stringArg } from "../args";
import { SlackApiError } from "../errors";
import type { FunctionExecution } from "../types";
import type { MethodContext, MethodTable } from "./context";

/**
 * functions.completeSuccess and functions.completeError (https://docs.slack.dev/reference/methods/
 * functions.completeSuccess, .../functions.completeError): "No scopes required"; `function_execution_id`
 * is required, and `outputs` / `error` ("A human-readable error message ... passed on to the end user
 * through a Slackbot message"). Errors, from the methods' error lists: `function_execution_not_found`
 * ("The specified function execution cannot be found") and `execution_not_in_running_state` ("The function
 * execution is no longer in a state to be completed"): a run completes once. The outcome is recorded on
 * the run (state.functionExecutions) for the tests and the demo.
 */
function runningExecution(
  args: Parameters<MethodTable[string]["handle"]>[0],
  ctx: MethodContext,
): FunctionExecution {
  const id = stringArg(args, "function_execution_id");
  if (id === undefined) throw new SlackApiError("invalid_arguments");
  const execution = ctx.state.functionExecutions.get(id);
  if (!execution) throw new SlackApiError("function_execution_not_found");
  if (execution.state !== "running") throw new SlackApiError("execution_not_in_running_state");
  return execution;
}

export const functionMethods: MethodTable = {
  "functions.completeSuccess": {
    token: "bot",
    handle(args, ctx) {
      const execution = runningExecution(args, ctx);
      const raw = args.outputs;
      let outputs: unknown = raw;
      if (typeof raw === "string") {
        try {
          outputs = JSON.parse(raw);
        } catch {
          throw new SlackApiError("invalid_arguments");
        }
      }
      if (typeof outputs !== "object" || outputs === null || Array.isArray(outputs))
        throw new SlackApiError("invalid_arguments");
      execution.state = "completed";
      execution.outputs = outputs as Record<string, unknown>;
      ctx.state.functionChanged(execution.id);
      return {};
    },
  },
  "functions.completeError": {
    token: "bot",
    handle(args, ctx) {
      const execution = runningExecution(args, ctx);
      const error = stringArg(args, "error");
      if (error === undefined || error.trim() === "") throw new SlackApiError("invalid_arguments");
      execution.state = "failed";
      execution.error = error;
      ctx.state.functionChanged(execution.id);
      return {};
    },
  },
};
