import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { textInput, workflowStep } from "./workflow-step";

/**
 * "Get monitor status": a monitor by name or id in the runner's active team. Outputs `state` (up, down,
 * pending, paused, unknown), `availability_24h` (percent; left out without data), `open_incident_id` (empty
 * when none, so that a later step's condition can test it), `monitor_id` and `monitor_name`.
 */
export function getMonitorStatusStep(deps: ListenerDeps) {
  return workflowStep(deps, async (ref, inputs) => {
    const status = await deps.services.monitorStatus(ref, textInput(inputs, workflowInputs.monitor));
    return {
      state: status.state,
      ...(status.availability24h === null ? {} : { availability_24h: status.availability24h }),
      open_incident_id: status.openIncidentId ?? "",
      monitor_id: status.monitorId,
      monitor_name: status.name,
    };
  });
}
