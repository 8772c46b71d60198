import type { SubcommandHandler } from "../subcommand";

/** `/uptime board [group:<name>] | off`: the channel's live board, posted (and pinned) or removed. */
export const boardSubcommand: SubcommandHandler<"board"> = async ({ command, respond }) => {
  await respond({ response_type: "ephemeral", text: `board ${command.action}: not yet` });
};
