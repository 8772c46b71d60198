import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../../domain/workspace-ref";
import type { MonitorTarget } from "../../services/set-monitor-paused";
import { createMonitorModalCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import {
  monitorKindOf,
  renderCreateMonitorModal,
  renderEditLoadingModal,
  renderEditProblemModal,
} from "../../ui/render-create-monitor-modal";
import type { ListenerDeps } from "../listener-deps";
import { modalChannelId } from "./open-create-monitor-modal";

/**
 * `/uptime edit <monitor>` and the Edit button: the create-monitor modal, filled with the monitor and saved
 * with `PATCH /monitors/{id}`. The trigger expires 3 s after the click, and reading the monitor is an API
 * call, so a small "Reading…" modal opens first (Redis only before it) and is then replaced (views.update)
 * by the form, or by the reason it cannot be edited (not found, with suggestions; the API unreachable).
 */
export async function openEditMonitorModal(
  deps: ListenerDeps,
  request: {
    client: WebClient;
    triggerId: string;
    user: UserRef;
    channelId?: string | undefined;
    monitor: MonitorTarget;
  },
): Promise<void> {
  // Not linked or no team: thrown before any modal, for the caller's own error answer.
  const target = await deps.services.createMonitorTarget(request.user);
  const opened = await request.client.views.open({
    trigger_id: request.triggerId,
    view: renderEditLoadingModal(),
  });
  const viewId = opened.view?.id;
  if (!viewId) throw new Error("views.open returned no view id");
  let view: ReturnType<typeof renderCreateMonitorModal>;
  try {
    const monitor = await deps.services.monitorToEdit(request.user, request.monitor);
    const channelId = modalChannelId(request.channelId);
    view = renderCreateMonitorModal({
      kind: monitorKindOf(monitor),
      teamName: target.teamName,
      privateMetadata: createMonitorModalCodec.encode({
        teamId: target.teamId,
        monitorId: monitor.id,
        ...(channelId ? { channelId } : {}),
      }),
      monitor,
    });
  } catch (error) {
    const text = errorText(error);
    if (text.unexpected) deps.logger.error({ err: error }, "edit monitor: reading the monitor failed");
    view = renderEditProblemModal(text.text);
  }
  await request.client.views.update({ view_id: viewId, view });
}
