import { renderLoggedOut } from "../../../ui/render-whoami";
import { refreshHome } from "../../publish-home";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime logout`: forgets the link and its token. */
export const logoutSubcommand: SubcommandHandler<"logout"> = async ({ user, respond, client }, deps) => {
  const wasLinked = await deps.services.unlinkAccount(user);
  await respond({ response_type: "ephemeral", ...renderLoggedOut(wasLinked) });
  await refreshHome(client, deps, user);
};
