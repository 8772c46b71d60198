import { workflowInputs } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { textInput, workflowStep } from "./workflow-step";

/**
 * "Acknowledge incident": `POST /incidents/{id}/acknowledge` (A7) with the runner's token, attributed to
 * them in the alert messages as any acknowledge from Slack. Output `status`: acknowledged, already (by
 * someone before) or ended (it recovered first); none of them is a failure.
 */
export function acknowledgeIncidentStep(deps: ListenerDeps) {
  return workflowStep(deps, async (ref, inputs) => {
    const incidentId = textInput(inputs, workflowInputs.incidentId).replace(/^#/, "");
    const outcome = await deps.services.acknowledgeIncident(ref, { incidentId });
    return { status: outcome.status, incident_id: outcome.incidentId };
  });
}
