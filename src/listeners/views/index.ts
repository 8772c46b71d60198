import { views } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { SurfaceRoutes } from "../surface-routes";
import { addToTimelineView } from "./add-to-timeline-view";
import { createMonitorView } from "./create-monitor-view";
import { loginView } from "./login-view";
import { pageView } from "./page-view";
import { personalAlertsView } from "./personal-alerts-view";

/** Modal submissions, by callback_id. */
export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  routes.views.set(views.login, loginView(deps));
  routes.views.set(views.createMonitor, createMonitorView(deps));
  routes.views.set(views.personalAlerts, personalAlertsView(deps));
  routes.views.set(views.page, pageView(deps));
  routes.views.set(views.addToTimeline, addToTimelineView(deps));
}
