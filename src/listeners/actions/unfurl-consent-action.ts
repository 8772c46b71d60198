import type { ButtonAction } from "@slack/bolt";
import type { UnfurlChoice } from "../../store/unfurl-consent-store";
import { unfurlPromptCodec } from "../../ui/codecs";
import { actions } from "../../ui/ids";
import { renderUnfurlAnswer, unfurlTitle } from "../../ui/render-unfurl-prompt";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { drawUnfurls, readCards } from "../unfurl-links";

const CHOICES: Readonly<Record<string, UnfurlChoice>> = {
  [actions.unfurlShow]: "show",
  [actions.unfurlNotHere]: "not-here",
  [actions.unfurlNever]: "never",
};

/**
 * Show / Not here / Never under a link-preview question (docs/slack-app.md "Link unfurls"): the answer is
 * kept (per person and conversation, or everywhere for Never), and only Show unfurls the message, with
 * cards read again now with the poster's token. The answer replaces the question.
 */
export function unfurlConsentAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { promptId: string; choice: UnfurlChoice }>({
    decode: (args) => {
      const value = unfurlPromptCodec.decode(args.action.value);
      const choice = CHOICES[args.action.action_id];
      return value && choice ? { promptId: value.promptId, choice } : null;
    },
    outOfDate: { element: "button", instead: "Post the link again to be asked again." },
    run: async ({ args, user, value, answer }) => {
      const prompt = await deps.services.answerUnfurl(user, value.promptId, value.choice);
      if (!prompt) {
        await answer.message(renderUnfurlAnswer("expired"), { replace: true });
        return;
      }
      if (value.choice !== "show") {
        await answer.message(renderUnfurlAnswer(value.choice), { replace: true });
        return;
      }
      const cards = await readCards(deps, user, prompt.links);
      if (cards.length === 0) {
        await answer.message(
          { text: "Your choice is kept, but Uptime no longer shows you this link, so there is no preview." },
          { replace: true },
        );
        return;
      }
      await drawUnfurls(deps, args.client, prompt, cards);
      await answer.message(renderUnfurlAnswer("show", unfurlTitle(cards.map((c) => c.view))), {
        replace: true,
      });
    },
  });
}
