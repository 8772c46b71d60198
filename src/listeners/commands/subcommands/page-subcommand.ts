import type { PageTarget } from "../../../grammar";
import { PageRefusedError } from "../../../services";
import { renderPageResult } from "../../../ui/render-page-result";
import { listUsergroups } from "../../usergroup-directory";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime page <monitor|incident id> <@person|@group>... [-- message]`: Page... from the composer. A user
 * group typed as plain `@handle` (Slack sends no id then) is looked up in usergroups.list; an unknown one
 * pages nobody. The caller alone hears the outcome: the thread line is the channel's.
 */
export const pageSubcommand: SubcommandHandler<"page"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const users: string[] = [];
  const groups: string[] = [];
  const unknown: string[] = [];
  const typed = command.targets.filter((t) => t.kind === "usergroup" && !t.id);
  const directory = typed.length > 0 ? await listUsergroups(client) : [];
  for (const target of command.targets) {
    if (target.kind === "oncall") continue;
    const id = target.kind === "usergroup" ? (target.id ?? idOf(directory, target)) : target.id;
    if (!id) unknown.push(`@${target.kind === "usergroup" ? target.handle : target.id}`);
    else (target.kind === "user" ? users : groups).push(id);
  }
  if (unknown.length > 0) throw new PageRefusedError({ reason: "unknown-target", names: unknown });
  const outcome = await deps.services.pageIncident(user, {
    channelId,
    target: command.about,
    users,
    groups,
    oncall: command.targets.some((t) => t.kind === "oncall"),
    message: command.message,
  });
  await respond({ response_type: "ephemeral", ...renderPageResult(outcome) });
};

function idOf(
  directory: { id: string; handle: string }[] | null,
  target: Extract<PageTarget, { kind: "usergroup" }>,
): string | undefined {
  const handle = target.handle.toLowerCase();
  return directory?.find((g) => g.handle.toLowerCase() === handle)?.id;
}
