import { renderRunbookOutcome } from "../../../ui/render-runbooks";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime runbook ...`: list, add or remove a monitor's or group's runbook links; the answer is the caller's. */
export const runbookSubcommand: SubcommandHandler<"runbook"> = async ({ command, user, respond }, deps) => {
  const outcome = await deps.services.runbook(user, command);
  await respond({ response_type: "ephemeral", ...renderRunbookOutcome(outcome) });
};
