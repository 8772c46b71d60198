import { renderIncident } from "../../../ui/render-incident";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime incident <id>`: the incident, its monitor, who acknowledged it and its timeline (issue 15). */
export const incidentSubcommand: SubcommandHandler<"incident"> = async ({ command, user, respond }, deps) => {
  const view = await deps.services.getIncident(user, command.incidentId);
  await respond({ response_type: "ephemeral", ...renderIncident(view, deps.clock.now(), deps.webLinks) });
};
