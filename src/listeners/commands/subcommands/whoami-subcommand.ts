import { renderWhoami } from "../../../ui/render-whoami";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime whoami`: the linked API user, teams and roles, or "not linked" with the Link button. */
export const whoamiSubcommand: SubcommandHandler<"whoami"> = async ({ user, respond }, deps) => {
  await respond({ response_type: "ephemeral", ...renderWhoami(await deps.services.whoAmI(user)) });
};
