import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from "@slack/bolt";
import { userRefFrom } from "../../slack/user-ref";
import { personalAlertsModalCodec } from "../../ui/codecs";
import { renderGroupOptions } from "../../ui/render-create-monitor-modal";
import type { ListenerDeps } from "../listener-deps";

/** Slack shows "no options" unless the answer arrives within 3 s; the groups call gets 2.5 s of it. */
const GROUPS_BUDGET_MS = 2500;

/**
 * block_suggestion of "Alert me about…"'s group picker: the team's groups whose name contains what the user
 * typed (A7 `GET /teams/{id}/groups`), as the create-monitor modal offers them. Failures answer no options.
 */
export function personalAlertsGroupOptions(deps: ListenerDeps) {
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
      const groups = await deps.services.listGroups(userRefFrom(context, body.user.id), {
        teamId: metadata.teamId,
        query: body.value,
        signal: AbortSignal.timeout(GROUPS_BUDGET_MS),
      });
      await ack({ options: renderGroupOptions(groups) });
    } catch (error) {
      deps.logger.warn({ err: error }, "group options for the personal alerts modal failed");
      await ack({ options: [] });
    }
  };
}
