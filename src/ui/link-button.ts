import type { Button } from "@slack/types";
import { actions } from "./ids";
import { limits, plainText } from "./text";

/** The "Link account" button: opens the login modal. `value` may carry a pending action (deferredActionCodec). */
export function linkButton(value?: string): Button {
  return {
    type: "button",
    action_id: actions.linkAccount,
    text: plainText("Link account", limits.buttonText),
    style: "primary",
    ...(value ? { value } : {}),
  };
}
