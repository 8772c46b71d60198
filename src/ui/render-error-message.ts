import type { ErrorText } from "./error-text";
import { actions } from "./ids";
import type { Rendered } from "./reply";
import { mrkdwn, plainText } from "./text";

/** The ephemeral reply for an error: the sentence, and a Link button when linking would fix it. */
export function renderErrorMessage(error: ErrorText, linkValue?: string): Rendered {
  return {
    text: error.text,
    blocks: [
      { type: "section", text: mrkdwn(`:warning: ${error.text}`) },
      ...(error.offerLink
        ? [
            {
              type: "actions" as const,
              elements: [
                {
                  type: "button" as const,
                  action_id: actions.linkAccount,
                  text: plainText("Link account", 75),
                  style: "primary" as const,
                  ...(linkValue ? { value: linkValue } : {}),
                },
              ],
            },
          ]
        : []),
    ],
  };
}
