import type { ContextBlock } from "@slack/types";
import { mrkdwn } from "../../../ui/text";

export interface FlapNoteInput {
  incidents: number;
  windowMinutes: number;
}

/** The note a flapping monitor's root carries: why its new incidents go to the thread (docs/architecture.md section 1 "Flap"). */
export function renderFlapNote(input: FlapNoteInput): ContextBlock {
  const count = Math.max(0, Math.floor(input.incidents));
  return {
    type: "context",
    elements: [
      mrkdwn(
        `🔁 *Flapping:* ${count} incidents in ${input.windowMinutes} min. ` +
          "New incidents of this monitor go to this thread.",
      ),
    ],
  };
}
