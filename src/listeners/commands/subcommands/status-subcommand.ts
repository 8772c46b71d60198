import { renderStatus } from "../../../ui/render-status";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime status`: counters, down monitors, open incidents, and the service status when not active. */
export const statusSubcommand: SubcommandHandler<"status"> = async ({ user, respond }, deps) => {
  const view = await deps.services.getStatus(user);
  await respond({ response_type: "ephemeral", ...renderStatus(view, deps.clock.now(), deps.webLinks) });
};
