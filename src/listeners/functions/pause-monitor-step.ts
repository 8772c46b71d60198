import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { confirmFirstStep } from "./confirm-first-step";
import { textInput } from "./workflow-step";

/**
 * "Pause monitor" and "Resume monitor": once the runner confirms, `POST /monitors/{id}/disable|enable` (A7)
 * with their token, as `/uptime pause|resume`; a read-only member fails with the role sentence. Outputs
 * `monitor_id`, `paused` and `changed` (false when it already was so: not an error, as for the command).
 */
export function setMonitorPausedStep(deps: ListenerDeps, paused: boolean) {
  return confirmFirstStep(deps, (inputs) => ({
    kind: paused ? "pause" : "resume",
    query: textInput(inputs, workflowInputs.monitor),
  }));
}
