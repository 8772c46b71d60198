import type { ButtonAction } from "@slack/bolt";
import { unfurlSwitchCodec } from "../../ui/codecs";
import { answerOnHome } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * App Home's "Link previews" switch for the person's own links: off everywhere (what Never chose), or on,
 * which asks again per conversation (the answers given per conversation are kept). The tab is the answer.
 */
export function homeUnfurlNeverAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { on: boolean }>({
    decode: (args) => unfurlSwitchCodec.decode(args.action.value),
    answerIn: (args, user) => answerOnHome(args.client, deps, user),
    run: async ({ user, value, answer }) => {
      await deps.services.setUnfurlNever(user, !value.on);
      await answer.message({
        text: value.on
          ? "Link previews are on: you will be asked before your links are previewed in a conversation."
          : "Link previews are off: your links will not be previewed anywhere.",
      });
    },
  });
}
