import type { App } from "@slack/bolt";
import { actions } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { createMonitorGroupOptions } from "./create-monitor-group-options";

/** External select menus (block_suggestion): one handler per select's action_id. */
export function register(app: App, deps: ListenerDeps): void {
  app.options(
    { type: "block_suggestion", action_id: actions.createMonitor.group },
    createMonitorGroupOptions(deps),
  );
}
