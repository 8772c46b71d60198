import type { SubscribeOutcome } from "../services/subscribe";
import type { UnsubscribeOutcome } from "../services/unsubscribe";
import { APP_MENTION, YOUR_ALERTS } from "./render-subscribe-result";
import { subscriptionLine } from "./render-subscriptions";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/**
 * The line at the top of App Home after "Turn on" or "Alert me about…" (mrkdwn): what was turned on, or why
 * nothing was. The full summary (what is down now, the quiet hours) is the message in the person's DM.
 */
export function personalAlertsOnNotice(outcome: SubscribeOutcome): string {
  switch (outcome.kind) {
    case "subscribed": {
      const team = escapeMrkdwn(truncate(outcome.preview.team.name, 100));
      const verb = outcome.preview.change === "created" ? "on" : "saved";
      return `🔔 Personal alerts ${verb} for *${team}*: they arrive in your DM with ${APP_MENTION}, where the summary is.`;
    }
    case "unreachable":
      return `:warning: Slack refused my post in your DM with ${APP_MENTION} (\`${escapeMrkdwn(outcome.error)}\`), so nothing was turned on. Ask a workspace admin to reinstall ${APP_MENTION}.`;
    case "mention-without-id":
      // Personal alerts carry no mention; kept total for the outcome's type.
      return ":warning: Personal alerts ping nobody, so nothing was turned on.";
  }
}

/** The line at the top of App Home after "Turn off". */
export function personalAlertsOffNotice(outcome: UnsubscribeOutcome): string {
  if (outcome.kind === "none") return "Your personal alerts were already off.";
  const n = outcome.removed.length;
  return `🔕 Personal alerts off: ${n === 1 ? "your subscription was" : `your ${n} subscriptions were`} removed. Channels keep theirs.`;
}

/**
 * The note posted in the person's DM when they turn their alerts off in App Home: the DM's last word on
 * them is then not the summary that said they were on.
 */
export function personalAlertsOffNote(outcome: Extract<UnsubscribeOutcome, { kind: "removed" }>): Rendered {
  const lines = outcome.removed.map((v) => `• ${subscriptionLine(v, { subscriber: false })}`);
  const text = `🔕 You turned off your personal alerts in ${YOUR_ALERTS}: no more alerts here.`;
  return {
    text,
    blocks: [{ type: "section", text: mrkdwn(truncate(`${text}\n${lines.join("\n")}`, 3000)) }],
  };
}
