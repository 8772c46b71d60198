import type { SlackRefusal } from "../slack/slack-errors";
import { APP_MENTION } from "./render-subscribe-result";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/**
 * Why Share in channel posted nothing, for the clicker alone: Slack refused chat.postMessage. A private
 * channel the app is not in reads as channel_not_found, so both mean "invite me".
 */
export function renderShareRefused(refusal: SlackRefusal, channelId: string): Rendered {
  const text = shareRefusedText(refusal, `<#${escapeMrkdwn(channelId)}>`);
  return { text, blocks: [{ type: "section", text: mrkdwn(`:warning: ${text}`) }] };
}

function shareRefusedText(refusal: SlackRefusal, channel: string): string {
  switch (refusal.slackError) {
    case "not_in_channel":
    case "channel_not_found":
      return `I'm not in ${channel}, so I can't share there. Invite me with \`/invite ${APP_MENTION}\`, then press Share again.`;
    case "is_archived":
    case "is_inactive":
      return `${channel} is archived, so I can't share there.`;
    case "account_inactive":
    case "invalid_auth":
    case "token_revoked":
    case "missing_scope":
    case "message_not_found":
    case "cant_update_message":
    case "edit_window_closed":
    case "hash_conflict":
    case "name_taken":
    case "already_in_channel":
    case "cant_invite_self":
    case "already_archived":
    case "other":
      return `Slack refused my post in ${channel} (\`${escapeMrkdwn(truncate(refusal.code, 60))}\`), so nothing was shared.`;
  }
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
