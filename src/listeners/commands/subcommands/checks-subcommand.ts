import { renderChecks } from "../../../ui/render-checks";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime checks`: the latest team checks. */
export const checksSubcommand: SubcommandHandler<"checks"> = async ({ user, respond }, deps) => {
  const view = await deps.services.listChecks(user);
  await respond({ response_type: "ephemeral", ...renderChecks(view) });
};
