import type { SubcommandName } from "../../../lib/parse-command";
import type { SubcommandHandler } from "../subcommand";

/** Placeholder for a subcommand whose handler is not registered in this build. */
export function notYetSubcommand<K extends SubcommandName>(): SubcommandHandler<K> {
  return async ({ command, respond }) => {
    await respond({ response_type: "ephemeral", text: `\`/uptime ${command.kind}\` is not available yet.` });
  };
}
