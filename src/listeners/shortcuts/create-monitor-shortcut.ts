import type { AllMiddlewareArgs, GlobalShortcut, SlackShortcutMiddlewareArgs } from "@slack/bolt";
import { userRefFrom } from "../../slack/user-ref";
import type { ListenerDeps } from "../listener-deps";
import { openCreateMonitorModal } from "../views/open-create-monitor-modal";

/**
 * The global shortcut "Create monitor": the same modal as `/uptime create`. There is no channel, so an
 * unlinked user gets the small "link first" modal, and the confirmation arrives in the app's DM.
 */
export function createMonitorShortcut(deps: ListenerDeps) {
  return async ({
    ack,
    shortcut,
    client,
    context,
  }: SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs) => {
    await ack();
    await openCreateMonitorModal(deps, {
      client,
      triggerId: shortcut.trigger_id,
      user: userRefFrom(context, shortcut.user.id),
      linkFirstModal: true,
    });
  };
}
