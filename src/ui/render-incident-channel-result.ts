import type { OpenIncidentChannelOutcome } from "../services/incident-channel";
import type { SlackRefusal } from "../slack/slack-errors";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/** The answer to "Open incident channel", to the clicker only. */
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

/**
 * Slack refused to create, fill or archive an incident channel: said to the clicker with Slack's code. A
 * missing scope means the workspace installed the app before incident channels asked for `groups:write`
 * (private channels).
 */
export function renderIncidentChannelRefused(refusal: SlackRefusal, doing: "open" | "archive"): Rendered {
  const code = escapeMrkdwn(truncate(refusal.code, 60));
  const what = doing === "open" ? "create the incident channel" : "archive this channel";
  const text =
    refusal.slackError === "missing_scope"
      ? `:warning: Slack won't let me ${what}: the app lacks a permission (\`${code}\`). A workspace admin can reinstall the app to grant it.`
      : `:warning: Slack refused to let me ${what} (\`${code}\`). Nothing else changed.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
