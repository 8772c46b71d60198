import { answerUser } from "../../slack/answer-user";
import { createMonitorModalCodec } from "../../ui/codecs";
import { createFailureErrors, parseCreateMonitorForm } from "../../ui/create-monitor-form";
import { blocks } from "../../ui/ids";
import { renderMonitorCreated, renderMonitorUpdated } from "../../ui/render-create-monitor-modal";
import { viewHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

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
  return viewHandler({
    decode: ({ view }) => {
      const metadata = createMonitorModalCodec.decode(view.private_metadata);
      return metadata ? { metadata, form: parseCreateMonitorForm(view.state.values) } : null;
    },
    outOfDate: { block: blocks.createMonitor.name, instead: "Close it and run `/uptime create` again." },
    run: async ({ args, value: { metadata, form: parsed }, user, ack }) => {
      if (!parsed.ok) {
        await ack(parsed.errors);
        return;
      }
      const { form } = parsed;
      const signal = AbortSignal.timeout(CREATE_MONITOR_BUDGET_MS);
      // The edit modal carries the monitor it edits: saved with PATCH instead of a create.
      const answer = metadata.monitorId
        ? renderMonitorUpdated(
            await deps.services.updateMonitor(user, {
              teamId: metadata.teamId,
              monitorId: metadata.monitorId,
              input: form.input,
              signal,
            }),
          )
        : renderMonitorCreated({
            ...(await deps.services.createMonitor(user, {
              teamId: metadata.teamId,
              input: form.input,
              signal,
            })),
            requestedInterval: form.input.interval ?? 60,
          });
      await ack();
      await answerUser(
        args.client,
        deps.logger,
        { userId: args.body.user.id, channelId: metadata.channelId },
        answer,
      );
    },
    // Only the create call can fail before the ack, and only with a valid form.
    errors: (error, { value: { form } }) =>
      createFailureErrors(
        error,
        form.ok
          ? { kind: form.form.kind, groupSource: form.form.groupSource }
          : { kind: "url", groupSource: "none" },
      ),
  });
}
