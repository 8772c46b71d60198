import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { textInput, workflowStep } from "./workflow-step";

/**
 * "Pause monitor" and "Resume monitor": `POST /monitors/{id}/disable|enable` (A7) with the runner's token,
 * as `/uptime pause|resume`; a read-only member fails with the role sentence. Outputs `monitor_id`,
 * `paused` and `changed` (false when it already was so: not an error, as for the command).
 */
export function setMonitorPausedStep(deps: ListenerDeps, paused: boolean) {
  return workflowStep(deps, async (ref, inputs) => {
    const query = textInput(inputs, workflowInputs.monitor);
    const result = paused
      ? await deps.services.pauseMonitor(ref, { query })
      : await deps.services.resumeMonitor(ref, { query });
    return { monitor_id: result.monitor.id, paused: result.monitor.paused, changed: result.changed };
  });
}
