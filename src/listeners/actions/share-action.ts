import type { ButtonAction } from "@slack/bolt";
import { slackErrorOf } from "../../slack/slack-call";
import { slackUserNames } from "../../slack/slack-user-names";
import { renderFairShareRefusal } from "../../ui/fair-share-text";
import { mentionedUserIds } from "../../ui/quiet-mentions";
import { renderShareNotMember, renderShareRefused } from "../../ui/render-share-refused";
import { renderSharedCopy } from "../../ui/render-shared-copy";
import { readShareValue, type SharedQuery } from "../../ui/share-button";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { queryAnswer } from "../queries/query-answer";

/**
 * Share in channel (actions.share, shareCodec): runs the command again with the clicker's own token, in the
 * API team the answer showed (and on the monitor it showed), and posts the answer in the channel for
 * everyone, naming who shared it and pinging no one else. Re-running rather than copying the ephemeral
 * answer keeps the copy fresh and the button's value small; reading the team the value names, never the
 * clicker's active team, keeps it the answer they saw, and leaves their active team as it is.
 * A clicker no longer in that team hears so, and nothing is posted. When the app may not post there (not
 * invited), the clicker alone hears so, and nothing is posted; their answer stays as it was.
 */
export function shareAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, SharedQuery>({
    decode: ({ body }) => readShareValue(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "Run the command again, then press Share." },
    run: async ({ args, value, user, answer }) => {
      // The button only ever sits on a message, and a message is always in a channel.
      const channelId = args.body.channel?.id;
      if (!channelId) return;
      // A Share re-runs the command: it spends one of the clicker's commands.
      const share = await deps.services.takeFairShare(user, "command");
      if (!share.ok) {
        await answer.message(renderFairShareRefusal(share.waitMs));
        return;
      }
      const { teamId, monitorId } = value;
      const read = () => queryAnswer(value.command, { user, channelId, teamId, monitorId }, deps);
      // Answers of no team (locations, the channel's subscriptions) are anyone's to read again.
      const outcome =
        teamId === undefined
          ? { kind: "read" as const, value: await read() }
          : await deps.services.readAsMemberOf(user, teamId, read);
      if (outcome.kind === "not-member") {
        await answer.message(renderShareNotMember(outcome.teamName));
        return;
      }
      const data = outcome.value.answer;
      const names = await slackUserNames(args.client, mentionedUserIds(data), deps.logger);
      try {
        await args.client.chat.postMessage({
          channel: channelId,
          ...renderSharedCopy(data, user.userId, names),
          unfurl_links: false,
          unfurl_media: false,
        });
      } catch (error) {
        const failure = slackErrorOf(error);
        if (failure.kind !== "slack.refused") throw error;
        deps.logger.info({ refusal: failure.code, channelId }, "share in channel refused by Slack");
        await answer.message(renderShareRefused(failure, channelId));
      }
    },
  });
}
