import { shortcuts } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { ShortcutHandler, SurfaceRoutes } from "../surface-routes";
import { addToTimelineShortcut } from "./add-to-timeline-shortcut";
import { createMonitorShortcut } from "./create-monitor-shortcut";

export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  // A global shortcut: its callback_id is only ever sent with a global shortcut's payload.
  routes.shortcuts.set(shortcuts.createMonitor, createMonitorShortcut(deps) as ShortcutHandler);
  // A message shortcut: its payload is a message_action, with the message and a response_url.
  routes.shortcuts.set(shortcuts.addToTimeline, addToTimelineShortcut(deps) as ShortcutHandler);
}
