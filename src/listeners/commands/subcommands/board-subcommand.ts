import type { SubcommandHandler } from "../subcommand";

/** `/uptime board [group:<name>] | off`: the channel's live board, posted (and pinned) or removed. */
export const boardSubcommand: SubcommandHandler<"board"> = async (
  { command, user, channelId, respond },
  deps,
) => {
  if (command.action === "off") {
    await deps.services.removeBoard(user, channelId);
    await respond({ response_type: "ephemeral", text: "The board of this channel is being removed." });
    return;
  }
  await deps.services.postBoard(user, { channelId, group: command.group });
  await respond({
    response_type: "ephemeral",
    text: "The board is on its way: one message here, kept up to date as monitors break and recover.",
  });
};
