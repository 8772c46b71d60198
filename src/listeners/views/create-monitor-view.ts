import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import { createFailureErrors, parseCreateMonitorForm } from "../../ui/create-monitor-form";
import { blocks, createMonitorModalCodec } from "../../ui/ids";
import { renderMonitorCreated } from "../../ui/render-create-monitor-modal";
import { answerUser } from "../answer-user";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";

/**
 * Slack waits 3 s for the answer to a view_submission. The create call gets 2.5 s of it; the rest covers
 * Redis, parsing and the network. The client never retries a POST, so a late answer cannot create twice.
 */
export const CREATE_MONITOR_BUDGET_MS = 2500;

/**
 * Submit of the create-monitor modal: client-side checks first, then `POST /teams/{id}/monitors` with the
 * submitting user's own token (A8). Every failure stays in the modal as `response_action: "errors"` next to
 * the input it is about (a 422's `source.pointer` picks the input); success closes the modal and confirms
 * to the user where the modal came from (ephemeral in that channel, else the app's DM).
 */
export function createMonitorView(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    view,
    client,
    context,
  }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const metadata = createMonitorModalCodec.decode(view.private_metadata);
    if (!metadata) {
      await ack({
        response_action: "errors",
        errors: {
          [blocks.createMonitor.name]: "This form is out of date. Close it and run `/uptime create` again.",
        },
      });
      return;
    }
    const parsed = parseCreateMonitorForm(view.state.values);
    if (!parsed.ok) {
      await ack({ response_action: "errors", errors: parsed.errors });
      return;
    }
    const { form } = parsed;
    const user = userRefFrom(context, body.user.id);
    let created: Awaited<ReturnType<ListenerDeps["services"]["createMonitor"]>>;
    try {
      created = await deps.services.createMonitor(user, {
        teamId: metadata.teamId,
        input: form.input,
        signal: AbortSignal.timeout(CREATE_MONITOR_BUDGET_MS),
      });
    } catch (error) {
      const failure = createFailureErrors(error, { kind: form.kind, groupSource: form.groupSource });
      await ack({ response_action: "errors", errors: failure.errors });
      if (failure.unexpected) throw error;
      return;
    }
    await ack();
    await answerUser(
      client,
      deps.logger,
      { userId: body.user.id, channelId: metadata.channelId },
      renderMonitorCreated({
        monitor: created.monitor,
        teamName: created.teamName,
        requestedInterval: form.input.interval ?? 60,
      }),
    );
  };
}
