import type { App, ViewSubmitAction } from "@slack/bolt";
import { views } from "../../ui/ids";
import type { ViewArgs } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { matchAny } from "../match-any";
import { createMonitorView } from "./create-monitor-view";
import { loginView } from "./login-view";

/**
 * Every modal submission goes through ONE Bolt listener that picks the handler by callback_id: Bolt runs
 * the middleware of every registered listener on every request (see actions/index.ts).
 */
export function register(app: App, deps: ListenerDeps): void {
  const byCallbackId = new Map<string, (args: ViewArgs) => Promise<void>>([
    [views.login, loginView(deps)],
    [views.createMonitor, createMonitorView(deps)],
  ]);
  app.view<ViewSubmitAction>(matchAny(byCallbackId.keys()), async (args) => {
    await byCallbackId.get(args.view.callback_id)?.(args);
  });
}
