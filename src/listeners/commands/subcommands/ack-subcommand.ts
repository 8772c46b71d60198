import { renderAcknowledgeResult } from "../../../ui/render-acknowledge-result";
import { refreshHome } from "../../publish-home";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime ack <incident id>` with the caller's own token. Not linked, stale, 403 and 404 are mapped to one
 * sentence (with the Link button where it helps) by uptime-command.
 */
export const ackSubcommand: SubcommandHandler<"ack"> = async ({ command, user, respond, client }, deps) => {
  const outcome = await deps.services.acknowledgeIncident(user, { incidentId: command.incidentId });
  await respond({ response_type: "ephemeral", ...renderAcknowledgeResult(outcome) });
  if (outcome.status === "acknowledged") await refreshHome(client, deps, user);
};
