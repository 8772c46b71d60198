import type { Monitor } from "../uptime/types";
import { monitorActionCodec } from "./codecs";
import { intervalLabel } from "./create-monitor-form";
import { actions } from "./ids";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

/** What a pause or resume did, as one mrkdwn sentence (also the follow-up after linking, login-view.ts). */
export function monitorPausedText(input: {
  monitor: Pick<Monitor, "name" | "interval">;
  paused: boolean;
  changed: boolean;
}): string {
  const { monitor, paused, changed } = input;
  const plainName = truncate(monitor.name.replace(/\s+/g, " "), 200);
  const name = `*${escapeMrkdwn(plainName)}*`;
  // The name as the user would type it back: backticks inside would end the code span.
  const typed = escapeMrkdwn(plainName.replace(/`/g, "'"));
  const every = monitor.interval ? ` every ${intervalLabel(monitor.interval)}` : "";
  if (paused) {
    return changed
      ? `:double_vertical_bar: Paused ${name}. \`/uptime resume ${typed}\` turns it back on.`
      : `${name} is already paused. \`/uptime resume ${typed}\` turns it back on.`;
  }
  return changed
    ? `:arrow_forward: Resumed ${name}: checks run again${every}. \`/uptime pause ${typed}\` pauses it.`
    : `${name} is already active${every ? ` (checked${every})` : ""}. \`/uptime pause ${typed}\` pauses it.`;
}

/**
 * The answer to `/uptime pause|resume <monitor>` and the Pause/Resume buttons: what happened (or that it
 * already was so, which is not an error), the command that undoes it, and the button that does.
 */
export function renderMonitorPaused(input: {
  monitor: Pick<Monitor, "id" | "name" | "interval">;
  paused: boolean;
  changed: boolean;
}): Rendered {
  const { monitor, paused, changed } = input;
  const plainName = truncate(monitor.name.replace(/\s+/g, " "), 200);
  const text = monitorPausedText(input);
  const fallback = paused
    ? `${changed ? "Paused" : "Already paused:"} ${escapeMrkdwn(plainName)}`
    : `${changed ? "Resumed" : "Already active:"} ${escapeMrkdwn(plainName)}`;
  return {
    text: fallback,
    blocks: [
      { type: "section", text: mrkdwn(text) },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            action_id: paused ? actions.resumeMonitor : actions.pauseMonitor,
            text: plainText(paused ? "Resume" : "Pause", limits.buttonText),
            value: monitorActionCodec.encode({ monitorId: monitor.id }),
          },
        ],
      },
    ],
  };
}
