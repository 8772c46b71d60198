import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from "@slack/bolt";
import { userRefFrom } from "../../slack/user-ref";
import { personalAlertsModalCodec } from "../../ui/codecs";
import { renderMonitorOptions } from "../../ui/render-personal-alerts-modal";
import type { ListenerDeps } from "../listener-deps";

/**
 * block_suggestion of "Alert me about…"'s monitor picker: one API page of the team's monitors whose name
 * contains what the user typed (A9 `filter[name]`, 10 a page: typing narrows it). Any failure answers no
 * options and is logged, never shown as an error inside a menu.
 */
export function personalAlertsMonitorOptions(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
  }: SlackOptionsMiddlewareArgs<"block_suggestion"> & AllMiddlewareArgs) => {
    const metadata = personalAlertsModalCodec.decode(body.view?.private_metadata);
    if (!metadata) {
      await ack({ options: [] });
      return;
    }
    try {
      const list = await deps.services.listMonitors(userRefFrom(context, body.user.id), {
        text: body.value.trim() || undefined,
        page: 1,
        teamId: metadata.teamId,
      });
      await ack({ options: renderMonitorOptions(list.monitors) });
    } catch (error) {
      deps.logger.warn({ err: error }, "monitor options for the personal alerts modal failed");
      await ack({ options: [] });
    }
  };
}
