import type { ButtonAction } from "@slack/bolt";
import { pageNowCodec } from "../../ui/codecs";
import { renderPageModal } from "../../ui/render-page-modal";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * Page... on an alert (actions.pageOpen, pageNowCodec): the Page modal, opened at once since a trigger_id
 * lasts 3 s; who may page is asked at its submission (views/page-view.ts), the groups by its menu.
 */
export function openPageAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { teamId: string; channelId: string; incidentId?: string | undefined }>({
    decode: ({ body }) => valueOfThisChannel(body, pageNowCodec.decode(body.actions[0]?.value)),
    outOfDate: { element: "button", instead: "`/uptime page <monitor> @person` pages from the composer." },
    run: async ({ args, value, user, answer }) => {
      // A roll-up's Page... names no incident: the modal asks which of its open ones.
      const incidents = value.incidentId
        ? undefined
        : await deps.services.rollupPageChoices(user, {
            channelId: value.channelId,
            apiTeamId: value.teamId,
          });
      if (incidents?.length === 0) {
        await answer.message({ text: "Every outage of this roll-up has recovered: nobody was paged." });
        return;
      }
      const onCall = await deps.services.onCallForPage(user, { channelId: value.channelId });
      await args.client.views.open({
        trigger_id: args.body.trigger_id,
        view: renderPageModal({ privateMetadata: pageNowCodec.encode(value), incidents, onCall }),
      });
    },
  });
}
