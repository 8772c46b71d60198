import type { ListenerDeps } from "../listener-deps";
import { monitorPausedAction } from "./monitor-paused-action";

/** The Resume button (actions.resumeMonitor, value monitorActionCodec). */
export const resumeMonitorAction = (deps: ListenerDeps) => monitorPausedAction(deps, false);
