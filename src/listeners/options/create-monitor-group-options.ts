import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from "@slack/bolt";
import { userRefFrom } from "../../slack/user-ref";
import { createMonitorModalCodec } from "../../ui/codecs";
import { renderGroupOptions } from "../../ui/render-create-monitor-modal";
import type { ListenerDeps } from "../listener-deps";

/** Slack shows "no options" unless the answer arrives within 3 s; the groups call gets 2.5 s of it. */
const GROUPS_BUDGET_MS = 2500;

/**
 * block_suggestion of the create-monitor modal's group picker: the team's groups (A7 `GET /teams/{id}/groups`)
 * whose name contains what the user typed, at most 100. Any failure answers no options (the "new group"
 * input still works) and is logged, never shown as an error inside a menu.
 */
export function createMonitorGroupOptions(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
  }: SlackOptionsMiddlewareArgs<"block_suggestion"> & AllMiddlewareArgs) => {
    const metadata = createMonitorModalCodec.decode(body.view?.private_metadata);
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
      deps.logger.warn({ err: error }, "group options for the create-monitor modal failed");
      await ack({ options: [] });
    }
  };
}
