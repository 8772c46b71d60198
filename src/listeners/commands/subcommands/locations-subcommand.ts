import { renderLocations } from "../../../ui/render-locations";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime locations`: the checking locations. */
export const locationsSubcommand: SubcommandHandler<"locations"> = async ({ user, respond }, deps) => {
  const locations = await deps.services.listLocations(user);
  await respond({ response_type: "ephemeral", ...renderLocations(locations) });
};
