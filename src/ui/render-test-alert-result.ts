import { escapeMrkdwn } from "./text";

/** The asker's answer to `/uptime test`: which monitor the sample is of, and what happens next. */
export function renderTestAlertStarted(
  outcome: { kind: "posting"; monitorName: string; steps: number } | { kind: "paused" },
): { text: string } {
  if (outcome.kind === "paused")
    return {
      text: "This channel's alerts are paused (`/uptime subscriptions` says why), so no test alert was posted. Once they resume, run `/uptime test` again.",
    };
  const steps =
    outcome.steps > 0
      ? ` Its ${outcome.steps === 1 ? "escalation step runs" : `${outcome.steps} escalation steps run`} at test speed: a second for each minute, until someone acknowledges.`
      : "";
  return {
    text: `🧪 Posting a test alert of *${escapeMrkdwn(outcome.monitorName)}* in this channel. Nothing is down and the Uptime API is not touched; Acknowledge, Mute and Page work as on a real alert (a page's DMs say TEST).${steps} It turns green by itself after a minute.`,
  };
}

/** The clicker's answer to Acknowledge on a test alert. */
export function renderTestAcknowledgeResult(outcome: "acknowledged" | "gone"): { text: string } {
  return {
    text:
      outcome === "acknowledged"
        ? "🧪 Test alert acknowledged. A real one would have been acknowledged in Uptime too; this one stays in Slack."
        : "🧪 This test alert is already acknowledged or over.",
  };
}
