import type { Button } from "@slack/types";
import { isTestIncidentId } from "../domain/test-alert-id";
import { tryEncode } from "./codec";
import { acknowledgeCodec, testAcknowledgeCodec } from "./codecs";
import { actions } from "./ids";
import { limits, plainText } from "./text";

/**
 * The Acknowledge button of alerts, incident lists and App Home (actions.acknowledge, acknowledgeCodec).
 * `teamId` is the API team. Undefined when the ids do not fit the codec: the caller leaves the button out.
 * A test alert's (`/uptime test`) routes to its own action, so that its click never reaches the API.
 */
export function acknowledgeButton(
  incident: { incidentId: string; teamId: string },
  options: { primary: boolean } = { primary: true },
): Button | undefined {
  const test = isTestIncidentId(incident.incidentId);
  const value = test
    ? tryEncode(testAcknowledgeCodec, { incidentId: incident.incidentId })
    : tryEncode(acknowledgeCodec, incident);
  if (value === undefined) return undefined;
  return {
    type: "button",
    action_id: test ? actions.testAcknowledge : actions.acknowledge,
    text: plainText("Acknowledge", limits.buttonText),
    ...(options.primary ? { style: "primary" as const } : {}),
    value,
  };
}
