import { mrkdwn } from "../../../ui/text";
import { writePostmortem } from "../../write-postmortem";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime postmortem <incident id>`: the incident's canvas in this channel, made once, updated after. */
export const postmortemSubcommand: SubcommandHandler<"postmortem"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const text = await writePostmortem(deps, client, user, { incidentId: command.incidentId, channelId });
  await respond({ response_type: "ephemeral", text, blocks: [{ type: "section", text: mrkdwn(text) }] });
};
