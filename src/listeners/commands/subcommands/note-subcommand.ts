import { renderAddNoteResult } from "../../../ui/render-incident-notes";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime note <incident id> <text>`: a line on the incident's timeline; the answer is for the person alone. */
export const noteSubcommand: SubcommandHandler<"note"> = async ({ command, user, respond }, deps) => {
  const outcome = await deps.services.addIncidentNote(user, {
    incidentId: command.incidentId,
    text: command.text,
  });
  await respond({ response_type: "ephemeral", ...renderAddNoteResult(outcome) });
};
