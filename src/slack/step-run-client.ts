import type { FetchFunction, Logger, WebClient } from "@slack/web-api";
import type { Rendered } from "../ui/reply";
import { alertWebClient } from "./web-api-poster";

/** The calls that answer a workflow step run: its confirmation message, then its completion. */
export interface StepRunClient {
  update(channel: string, ts: string, message: Rendered): Promise<void>;
  completeSuccess(functionExecutionId: string, outputs: Record<string, string | boolean>): Promise<void>;
  completeError(functionExecutionId: string, error: string): Promise<void>;
}

/** A client for one token: a run's `bot_access_token` (its own, or the one a click brought). */
export type StepRunClientFor = (token: string) => StepRunClient;

/**
 * The calls over a WebClient that holds a run's token. The token ends with the run ("revoked" once the step
 * completes or fails, https://docs.slack.dev/authentication/tokens, "Workflow tokens"), so the message is
 * updated before the completion.
 */
export function stepRunClient(client: WebClient): StepRunClient {
  return {
    async update(channel, ts, message) {
      await client.chat.update({ channel, ts, ...message });
    },
    async completeSuccess(functionExecutionId, outputs) {
      await client.functions.completeSuccess({ function_execution_id: functionExecutionId, outputs });
    },
    async completeError(functionExecutionId, error) {
      await client.functions.completeError({ function_execution_id: functionExecutionId, error });
    },
  };
}

/** Clients for stored run tokens (the sweep of expired confirmations), with the alerts' call settings. */
export function stepRunClients(options: {
  apiUrl?: string | undefined;
  fetch?: FetchFunction | undefined;
  logger?: Logger | undefined;
  timeoutMs?: number | undefined;
}): StepRunClientFor {
  return (token) =>
    stepRunClient(
      alertWebClient(token, {
        ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
    );
}
