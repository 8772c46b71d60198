import { renderTeamChosen, renderTeamList, renderTeamNoMatch } from "../../../ui/render-team-choice";
import { refreshHome } from "../../publish-home";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime team [id or name]`: list the teams (with a select), or choose the active one. */
export const teamSubcommand: SubcommandHandler<"team"> = async ({ command, user, respond, client }, deps) => {
  if (command.team === undefined) {
    const link = await deps.services.listTeams(user);
    await respond({ response_type: "ephemeral", ...renderTeamList(link) });
    return;
  }
  const choice = await deps.services.chooseTeam(user, command.team);
  if (choice.kind === "no-match") {
    await respond({
      response_type: "ephemeral",
      ...renderTeamNoMatch(choice.link, choice.query, choice.suggestions),
    });
    return;
  }
  await respond({ response_type: "ephemeral", ...renderTeamChosen(choice.link, choice.team) });
  await refreshHome(client, deps, user);
};
