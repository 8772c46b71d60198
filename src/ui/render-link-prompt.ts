import { linkButton } from "./link-button";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

/**
 * What an unlinked (or stale) user sees after clicking Acknowledge or running `/uptime ack`: why nothing
 * happened yet, and the Link button. The acknowledge is remembered and completed right after linking.
 */
export function renderLinkPrompt(input: {
  incidentId: string;
  stale?: boolean;
  linkValue?: string;
}): Rendered {
  const why = input.stale
    ? "Your Uptime token is no longer accepted (revoked or expired), so"
    : "Your Slack account isn't linked to an Uptime account yet, so";
  const text = `${why} incident #${escapeMrkdwn(input.incidentId)} wasn't acknowledged. Link your account with your personal API token and it will be acknowledged right after.`;
  return {
    text,
    blocks: [
      { type: "section", text: mrkdwn(`:link: ${text}`) },
      { type: "actions", elements: [linkButton(input.linkValue)] },
    ],
  };
}
