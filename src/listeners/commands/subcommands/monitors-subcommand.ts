import { renderMonitorList } from "../../../ui/render-monitor-list";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime monitors [text] [--state] [--group] [--sort] [--page]`: one page with Prev/Next buttons. */
export const monitorsSubcommand: SubcommandHandler<"monitors"> = async ({ command, user, respond }, deps) => {
  const { text, state, group, sort, page } = command;
  const view = await deps.services.listMonitors(user, { text, state, group, sort, page });
  await respond({ response_type: "ephemeral", ...renderMonitorList(view, deps.webLinks) });
};
