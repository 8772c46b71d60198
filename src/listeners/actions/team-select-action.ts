import type {
  AllMiddlewareArgs,
  BlockAction,
  SlackActionMiddlewareArgs,
  StaticSelectAction,
} from "@slack/bolt";
import { renderTeamChosen, renderTeamNoMatch } from "../../ui/render-team-choice";
import { answerError } from "../answer-error";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";
import { userRefFrom } from "../user-ref";

/** The team select of `/uptime team`: chooses the active team and redraws the list in place. */
export function teamSelectAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<StaticSelectAction>> & AllMiddlewareArgs) => {
    await ack();
    const ref = userRefFrom(context, body.user.id);
    const teamId = body.actions[0]?.selected_option?.value ?? "";
    try {
      const choice = await deps.services.chooseTeam(ref, teamId);
      const message =
        choice.kind === "chosen"
          ? renderTeamChosen(choice.link, choice.team)
          : renderTeamNoMatch(choice.link, teamId, choice.suggestions);
      await respond({ response_type: "ephemeral", replace_original: true, ...message });
      if (choice.kind === "chosen") await refreshHome(client, deps, ref);
    } catch (error) {
      await answerError(respond, error);
    }
  };
}
