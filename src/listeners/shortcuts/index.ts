import type { App } from "@slack/bolt";
import { shortcuts } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { createMonitorShortcut } from "./create-monitor-shortcut";

export function register(app: App, deps: ListenerDeps): void {
  app.shortcut(shortcuts.createMonitor, createMonitorShortcut(deps));
}
