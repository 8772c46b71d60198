import { renderIncidentList } from "../../../ui/render-incident-list";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime incidents [open] [--page N]`: newest first; open ones carry Acknowledge buttons. */
export const incidentsSubcommand: SubcommandHandler<"incidents"> = async (
  { command, user, respond },
  deps,
) => {
  const view = await deps.services.listIncidents(user, { openOnly: command.openOnly, page: command.page });
  await respond({ response_type: "ephemeral", ...renderIncidentList(view, deps.clock.now(), deps.webLinks) });
};
