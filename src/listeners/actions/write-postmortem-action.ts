import type { ButtonAction } from "@slack/bolt";
import { postmortemCodec } from "../../ui/codecs";
import { mrkdwn } from "../../ui/text";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { writePostmortem } from "../write-postmortem";

/**
 * Write postmortem on an incident channel's recovery summary (actions.writePostmortem, postmortemCodec): the
 * same canvas as `/uptime postmortem <id>`, shared with the channel clicked in; the answer is the clicker's.
 */
export function writePostmortemAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { incidentId: string; channelId: string }>({
    decode: ({ body }) => {
      const value = postmortemCodec.decode(body.actions[0]?.value);
      const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
      return value && channelId ? { ...value, channelId } : null;
    },
    outOfDate: { element: "button", instead: "Use `/uptime postmortem <incident id>`." },
    run: async ({ args, value, user, answer }) => {
      const text = await writePostmortem(deps, args.client, user, value);
      await answer.message({ text, blocks: [{ type: "section", text: mrkdwn(text) }] });
    },
  });
}
