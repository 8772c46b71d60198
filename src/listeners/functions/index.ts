import { workflowSteps } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import type { SurfaceRoutes } from "../surface-routes";
import { acknowledgeIncidentStep } from "./acknowledge-incident-step";
import { getMonitorStatusStep } from "./get-monitor-status-step";
import { setMonitorPausedStep } from "./pause-monitor-step";

/** Workflow Builder steps, by their function's callback_id (manifest.yml `functions`). */
export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  routes.functions.set(workflowSteps.getMonitorStatus, getMonitorStatusStep(deps));
  routes.functions.set(workflowSteps.pauseMonitor, setMonitorPausedStep(deps, true));
  routes.functions.set(workflowSteps.resumeMonitor, setMonitorPausedStep(deps, false));
  routes.functions.set(workflowSteps.acknowledgeIncident, acknowledgeIncidentStep(deps));
}
