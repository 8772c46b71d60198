import type { ListenerDeps } from "../listener-deps";
import { monitorPausedAction } from "./monitor-paused-action";

/** The Pause button (actions.pauseMonitor, value monitorActionCodec). */
export const pauseMonitorAction = (deps: ListenerDeps) => monitorPausedAction(deps, true);
