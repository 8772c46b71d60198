import type { ButtonAction } from "@slack/bolt";
import { ErrorCode } from "@slack/web-api";
import { parseCommand } from "../../grammar";
import { shareCodec } from "../../ui/codecs";
import { renderShareRefused } from "../../ui/render-share-refused";
import { renderSharedCopy } from "../../ui/render-shared-copy";
import { isShareable, type ShareableCommand } from "../../ui/share-button";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { queryAnswer } from "../queries/query-answer";

/** Slack's error code when it refused a Web API call (not_in_channel...), else undefined. */
function slackRefusal(error: unknown): string | undefined {
  const e = error as { code?: unknown; data?: { error?: unknown } };
  return e.code === ErrorCode.PlatformError && typeof e.data?.error === "string" ? e.data.error : undefined;
}

/**
 * Share in channel (actions.share, shareCodec): runs the command again with the clicker's own token and
 * posts the answer in the channel for everyone, naming who shared it. Re-running rather than copying the
 * ephemeral answer keeps the copy fresh and the button's value small. When the app may not post there
 * (not invited), the clicker alone hears so, and nothing is posted; their answer stays as it was.
 */
export function shareAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { command: ShareableCommand; teamId?: string | undefined }>({
    decode: ({ body }) => {
      const value = shareCodec.decode(body.actions[0]?.value);
      const command = value && parseCommand(value.command);
      return command && isShareable(command) ? { command, teamId: value.teamId } : null;
    },
    outOfDate: { element: "button", instead: "Run the command again, then press Share." },
    run: async ({ args, value, user, answer }) => {
      // The button only ever sits on a message, and a message is always in a channel.
      const channelId = args.body.channel?.id;
      if (!channelId) return;
      const { answer: data } = await queryAnswer(
        value.command,
        { user, channelId, teamId: value.teamId },
        deps,
      );
      try {
        await args.client.chat.postMessage({
          channel: channelId,
          ...renderSharedCopy(data, user.userId),
          unfurl_links: false,
          unfurl_media: false,
        });
      } catch (error) {
        const refusal = slackRefusal(error);
        if (refusal === undefined) throw error;
        deps.logger.info({ refusal, channelId }, "share in channel refused by Slack");
        await answer.message(renderShareRefused(refusal, channelId));
      }
    },
  });
}
