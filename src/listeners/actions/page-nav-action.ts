import type { ButtonAction } from "@slack/bolt";
import { pageCodec } from "../../ui/codecs";
import { renderIncidentList } from "../../ui/render-incident-list";
import { renderMonitorList } from "../../ui/render-monitor-list";
import { withShareButton } from "../../ui/share-button";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

type PageValue = NonNullable<ReturnType<typeof pageCodec.decode>>;

/**
 * Prev/Next of the monitor and incident lists (actions.monitorsPage* / incidentsPage*): the page and filters
 * travel in the button (pageCodec), the clicking user's own token reads the page, and the ephemeral list is
 * replaced in place (response_url, replace_original). Its Share in channel button follows to the new page.
 */
export function pageNavAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, PageValue>({
    decode: ({ body }) => pageCodec.decode(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "Run the command again for a fresh list." },
    run: async ({ args, value, user, answer }) => {
      const channelId = args.body.channel?.id;
      if (value.list === "monitors") {
        const view = await deps.services.listMonitors(user, {
          teamId: value.teamId,
          page: value.page,
          text: value.text,
          state: value.state,
          group: value.group,
          sort: value.sort,
        });
        const { text, state, group, sort, page } = value;
        const command = {
          kind: "monitors" as const,
          page,
          ...(text !== undefined ? { text } : {}),
          ...(state !== undefined ? { state } : {}),
          ...(group !== undefined ? { group } : {}),
          ...(sort !== undefined ? { sort } : {}),
        };
        await answer.message(
          withShareButton(renderMonitorList(view, deps.webLinks), command, channelId, {
            teamId: view.team.id,
          }),
          {
            replace: true,
          },
        );
      } else {
        const view = await deps.services.listIncidents(user, {
          teamId: value.teamId,
          page: value.page,
          openOnly: value.openOnly ?? false,
        });
        const command = { kind: "incidents" as const, openOnly: value.openOnly ?? false, page: value.page };
        await answer.message(
          withShareButton(renderIncidentList(view, deps.clock.now(), deps.webLinks), command, channelId, {
            teamId: view.team.id,
          }),
          {
            replace: true,
          },
        );
      }
    },
  });
}
