import { actions } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { SurfaceRoutes } from "../surface-routes";
import { createMonitorGroupOptions } from "./create-monitor-group-options";
import { pageGroupOptions } from "./page-group-options";
import { personalAlertsGroupOptions } from "./personal-alerts-group-options";
import { personalAlertsMonitorOptions } from "./personal-alerts-monitor-options";

/** External select menus (block_suggestion): one handler per select's action_id. */
export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  routes.suggestions.set(actions.createMonitor.group, createMonitorGroupOptions(deps));
  routes.suggestions.set(actions.personalAlerts.monitors, personalAlertsMonitorOptions(deps));
  routes.suggestions.set(actions.personalAlerts.groups, personalAlertsGroupOptions(deps));
  routes.suggestions.set(actions.page.groups, pageGroupOptions(deps));
}
