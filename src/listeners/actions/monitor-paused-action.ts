import type { ButtonAction } from "@slack/bolt";
import { deferredActionCodec, monitorActionCodec } from "../../ui/codecs";
import { renderMonitorPaused } from "../../ui/render-monitor-paused";
import { answerWhereButtonClicked } from "../answer-where-clicked";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * The Pause / Resume buttons: the same use case as `/uptime pause|resume`, for the monitor in the button's
 * value, answered to the clicking user only. An ephemeral source message is replaced by the answer (its
 * buttons would be stale); a channel message stays and gets an ephemeral answer; App Home answers in the DM.
 */
export function monitorPausedAction(deps: ListenerDeps, paused: boolean) {
  return actionHandler<ButtonAction, { monitorId: string }>({
    decode: ({ action }) => monitorActionCodec.decode(action.value),
    outOfDate: {
      element: "button",
      instead: "Use `/uptime pause <monitor>` or `/uptime resume <monitor>` instead.",
    },
    answerIn: answerWhereButtonClicked(deps),
    run: async ({ value, user, answer }) => {
      const target = { monitorId: value.monitorId };
      const result = paused
        ? await deps.services.pauseMonitor(user, target)
        : await deps.services.resumeMonitor(user, target);
      await answer.message(renderMonitorPaused({ monitor: result.monitor, paused, changed: result.changed }));
    },
    // After linking, the login flow completes what was clicked (deferredActionCodec, docs/architecture.md section 1).
    linkValue: ({ value }) =>
      deferredActionCodec.encode({ action: paused ? "pause" : "resume", monitorId: value.monitorId }),
  });
}
