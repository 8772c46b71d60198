import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { confirmFirstStep } from "./confirm-first-step";
import { textInput } from "./workflow-step";

/**
 * "Acknowledge incident": once the runner confirms, `POST /incidents/{id}/acknowledge` (A7) with their
 * token, attributed to them in the alert messages as any acknowledge from Slack. Output `status`:
 * acknowledged, already (by someone before) or ended (it recovered first); none of them is a failure.
 */
export function acknowledgeIncidentStep(deps: ListenerDeps) {
  return confirmFirstStep(deps, (inputs) => ({
    kind: "acknowledge",
    incidentId: textInput(inputs, workflowInputs.incidentId),
  }));
}
