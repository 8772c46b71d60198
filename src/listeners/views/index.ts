import type { App } from "@slack/bolt";
import { views } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { createMonitorView } from "./create-monitor-view";
import { loginView } from "./login-view";

export function register(app: App, deps: ListenerDeps): void {
  app.view(views.login, loginView(deps));
  app.view(views.createMonitor, createMonitorView(deps));
}
