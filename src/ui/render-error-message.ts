import type { ErrorText } from "./error-text";
import { linkButton } from "./link-button";
import type { Rendered } from "./reply";
import { mrkdwn } from "./text";

/** The ephemeral reply for an error: the sentence, and a Link button when linking would fix it. */
export function renderErrorMessage(error: ErrorText, linkValue?: string): Rendered {
  return {
    text: error.text,
    blocks: [
      { type: "section", text: mrkdwn(`:warning: ${error.text}`) },
      ...(error.offerLink ? [{ type: "actions" as const, elements: [linkButton(linkValue)] }] : []),
    ],
  };
}
