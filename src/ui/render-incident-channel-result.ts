import type { OpenIncidentChannelOutcome } from "../services/subscription-services";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

/** The answer to "Open incident channel", to the clicker only (issue 38). */
export function renderOpenIncidentChannelResult(outcome: OpenIncidentChannelOutcome): Rendered {
  const text = openText(outcome);
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

function openText(outcome: OpenIncidentChannelOutcome): string {
  switch (outcome.kind) {
    case "opened":
      return `:rotating_light: Opened <#${escapeMrkdwn(outcome.channelId)}> for this incident and invited you${
        outcome.invited > 1 ? ` and ${outcome.invited - 1} more` : ""
      }. Its link is in the alert's thread; the acknowledgement and the recovery will be posted there.`;
    case "exists":
      return `:information_source: This incident already has a channel: <#${escapeMrkdwn(outcome.channelId)}>.`;
    case "opening":
      return `:hourglass_flowing_sand: ${
        outcome.by ? `<@${escapeMrkdwn(outcome.by)}>` : "Someone"
      } is opening this incident's channel right now; its link will be in the alert's thread.`;
    case "no-alert":
      return ":information_source: This alert is no longer followed here (it ended a while ago), so no channel was opened.";
  }
}
