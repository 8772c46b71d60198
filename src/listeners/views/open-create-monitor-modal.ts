import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../../domain/workspace-ref";
import { createMonitorModalCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import { createMonitorKinds } from "../../ui/ids";
import { renderCreateMonitorModal, renderLinkFirstModal } from "../../ui/render-create-monitor-modal";
import type { ListenerDeps } from "../listener-deps";

// Slack channel ids as createMonitorModalCodec accepts them; anything else means "no channel: DM".
const CHANNEL_ID = /^[A-Z0-9]{1,30}$/;

/** Where the monitor modal confirms: the channel it was opened from, or undefined for the app's DM. */
export function modalChannelId(channelId: string | undefined): string | undefined {
  return channelId && CHANNEL_ID.test(channelId) ? channelId : undefined;
}

/**
 * Opens the create-monitor modal with `triggerId` (valid 3 s, so nothing but Redis is read first). When
 * the caller cannot create (not linked, stale link, no team): with `linkFirstModal` (shortcut, App Home:
 * there is no channel to answer in) a small modal with the Link button is opened instead and true is
 * returned; without it the typed error is thrown for the caller's own error answer.
 */
export async function openCreateMonitorModal(
  deps: ListenerDeps,
  request: {
    client: WebClient;
    triggerId: string;
    user: UserRef;
    channelId?: string | undefined;
    linkFirstModal: boolean;
  },
): Promise<void> {
  let target: Awaited<ReturnType<ListenerDeps["services"]["createMonitorTarget"]>>;
  try {
    target = await deps.services.createMonitorTarget(request.user);
  } catch (error) {
    const text = errorText(error);
    if (!request.linkFirstModal || text.unexpected) throw error;
    await request.client.views.open({ trigger_id: request.triggerId, view: renderLinkFirstModal(text.text) });
    return;
  }
  const channelId = modalChannelId(request.channelId);
  const privateMetadata = createMonitorModalCodec.encode({
    teamId: target.teamId,
    ...(channelId ? { channelId } : {}),
  });
  await request.client.views.open({
    trigger_id: request.triggerId,
    view: renderCreateMonitorModal({
      kind: createMonitorKinds.url,
      teamName: target.teamName,
      privateMetadata,
    }),
  });
}
