import { APP_MENTION } from "./render-subscribe-result";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/**
 * Why Share in channel posted nothing, for the clicker alone. `error` is Slack's code for chat.postMessage;
 * a private channel the app is not in reads as channel_not_found, so both mean "invite me".
 */
export function renderShareRefused(error: string, channelId: string): Rendered {
  const channel = `<#${escapeMrkdwn(channelId)}>`;
  const text =
    error === "not_in_channel" || error === "channel_not_found"
      ? `I'm not in ${channel}, so I can't share there. Invite me with \`/invite ${APP_MENTION}\`, then press Share again.`
      : error === "is_archived" || error === "is_inactive"
        ? `${channel} is archived, so I can't share there.`
        : `Slack refused my post in ${channel} (\`${escapeMrkdwn(truncate(error, 60))}\`), so nothing was shared.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}

/**
 * Why Share in channel posted nothing: the clicker is no longer in the API team the answer showed (issue
 * 32). Re-running it in another team would post data the answer never showed, so nothing is.
 */
export function renderShareNotMember(teamName: string | null): Rendered {
  const team = teamName ? escapeMrkdwn(truncate(teamName, 100)) : "the Uptime team this answer was read from";
  const text = `You're no longer a member of ${team}, so I can't share this answer. \`/uptime team\` lists your teams.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}
