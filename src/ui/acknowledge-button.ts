import type { Button } from "@slack/types";
import { tryEncode } from "./codec";
import { acknowledgeCodec } from "./codecs";
import { actions } from "./ids";
import { limits, plainText } from "./text";

/**
 * The Acknowledge button of alerts, incident lists and App Home (actions.acknowledge, acknowledgeCodec).
 * `teamId` is the API team. Undefined when the ids do not fit the codec: the caller leaves the button out.
 */
export function acknowledgeButton(
  incident: { incidentId: string; teamId: string },
  options: { primary: boolean } = { primary: true },
): Button | undefined {
  const value = tryEncode(acknowledgeCodec, incident);
  if (value === undefined) return undefined;
  return {
    type: "button",
    action_id: actions.acknowledge,
    text: plainText("Acknowledge", limits.buttonText),
    ...(options.primary ? { style: "primary" as const } : {}),
    value,
  };
}
