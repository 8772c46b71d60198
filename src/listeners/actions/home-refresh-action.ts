import type { ButtonAction } from "@slack/bolt";
import { answerNothing } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { publishHome } from "../publish-home";

/** The Refresh button of App Home: the tab itself is the answer (publishHome puts API trouble on it). */
export function homeRefreshAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: () => answerNothing,
    run: ({ args, user }) => publishHome(args.client, deps, user),
  });
}
