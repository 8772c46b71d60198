import type { ButtonAction } from "@slack/bolt";
import { isWorkspaceAdmin } from "../../slack/conversation-facts";
import { unfurlSwitchCodec } from "../../ui/codecs";
import { answerOnHome } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * App Home's switch for previews in channels shared with other organizations (Slack Connect), for the whole
 * workspace: only a Slack admin or owner may change it, checked with users.info at the click (the button
 * is shown to them only, but a click can come from an old tab or be forged). The tab is the answer.
 */
export function homeUnfurlExternalAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { on: boolean }>({
    decode: (args) => unfurlSwitchCodec.decode(args.action.value),
    answerIn: (args, user) => answerOnHome(args.client, deps, user),
    run: async ({ args, user, value, answer }) => {
      if (!(await isWorkspaceAdmin(args.client, user.userId))) {
        await answer.message({
          text: ":no_entry: Only a Slack workspace admin or owner can change previews in Slack Connect channels.",
        });
        return;
      }
      await deps.services.setExternalUnfurls(user, value.on);
      await answer.message({
        text: value.on
          ? "Links may now be previewed in channels shared with other organizations, each after its poster agrees."
          : "Links are no longer previewed in channels shared with other organizations.",
      });
    },
  });
}
