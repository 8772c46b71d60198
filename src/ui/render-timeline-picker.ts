import type { ModalView, PlainTextOption } from "@slack/types";
import { blocks, views } from "./ids";
import { limits, mrkdwn, plainText } from "./text";

/** One incident the picker offers: its id and a short label (monitor, state). */
export interface TimelineChoice {
  incidentId: string;
  monitorName: string | null;
  open: boolean;
}

/** A static select holds at most 100 options (https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element). */
const CHOICES_MAX = 100;

/**
 * "Which incident?": Add to incident timeline on a message that belongs to no alert's thread or incident
 * channel. Open incidents first, then the recent ones; empty, it says so and offers no submit.
 */
export function renderTimelinePicker(input: {
  choices: readonly TimelineChoice[];
  metadata: string;
}): ModalView {
  const title = plainText("Add to timeline", limits.modalTitle);
  if (input.choices.length === 0) {
    return {
      type: "modal",
      callback_id: views.addToTimeline,
      title,
      close: plainText("Close", limits.modalButton),
      blocks: [
        {
          type: "section",
          text: mrkdwn(
            "This channel has no open or recent incident to add this message to: none was alerted here lately. Use the shortcut in an alert's thread, or `/uptime note <incident id> <text>`.",
          ),
        },
      ],
    };
  }
  const sorted = [...input.choices].sort((a, b) => Number(b.open) - Number(a.open));
  const options: PlainTextOption[] = sorted.slice(0, CHOICES_MAX).map((c) => ({
    text: plainText(
      `#${c.incidentId} ${c.monitorName ?? "unknown monitor"}${c.open ? " (open)" : ""}`,
      limits.optionText,
    ),
    value: c.incidentId,
  }));
  return {
    type: "modal",
    callback_id: views.addToTimeline,
    private_metadata: input.metadata,
    title,
    submit: plainText("Add", limits.modalButton),
    close: plainText("Cancel", limits.modalButton),
    blocks: [
      {
        type: "input",
        block_id: blocks.timelineIncident,
        label: plainText("Which incident?", 2000),
        element: {
          type: "static_select",
          action_id: blocks.timelineIncident,
          placeholder: plainText("An open or recent incident", 150),
          options,
        },
      },
    ],
  };
}
