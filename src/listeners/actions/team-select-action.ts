import type { StaticSelectAction } from "@slack/bolt";
import { renderTeamChosen, renderTeamNoMatch } from "../../ui/render-team-choice";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";

/** The team select of `/uptime team`: chooses the active team and redraws the list in place. */
export function teamSelectAction(deps: ListenerDeps) {
  return actionHandler<StaticSelectAction, string>({
    decode: ({ body }) => body.actions[0]?.selected_option?.value ?? "",
    run: async ({ args, value: teamId, user, answer }) => {
      const choice = await deps.services.chooseTeam(user, teamId);
      const message =
        choice.kind === "chosen"
          ? renderTeamChosen(choice.link, choice.team)
          : renderTeamNoMatch(choice.link, teamId, choice.suggestions);
      await answer.message(message, { replace: true });
      if (choice.kind === "chosen") await refreshHome(args.client, deps, user);
    },
  });
}
