import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { workspaceRefFrom } from "../../slack/user-ref";
import type { ListenerDeps } from "../listener-deps";

/**
 * `app_uninstalled`: nothing of the workspace (or org) may remain (docs/architecture.md section 7). A failure is rethrown to
 * app.error after every participant ran; Slack retries the event and each participant is idempotent.
 */
export function appUninstalledEvent(deps: ListenerDeps) {
  return async ({ context }: SlackEventMiddlewareArgs<"app_uninstalled"> & AllMiddlewareArgs) => {
    await deps.services.workspaceUninstalled(workspaceRefFrom(context));
    deps.logger.info(
      { teamId: context.teamId, enterpriseId: context.enterpriseId },
      "app uninstalled: data deleted",
    );
  };
}
