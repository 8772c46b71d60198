import type { ModalView } from "@slack/types";
import { knownError } from "./error-text";
import { actions, blocks, views } from "./ids";
import { escapeMrkdwn, limits, mrkdwn, plainText } from "./text";

export interface LoginModalInput {
  /** loginModalCodec-encoded: where to confirm, and what to complete after linking. Never the token. */
  privateMetadata: string;
  /** The incident an unlinked click wanted to acknowledge, to say it will be done after linking. */
  pendingIncidentId?: string | undefined;
}

/**
 * `/uptime login` and every Link button: one input for the personal API token. The token is sent once
 * with the submission and is never shown again (docs/architecture.md section 7).
 */
export function renderLoginModal(input: LoginModalInput): ModalView {
  return {
    type: "modal",
    callback_id: views.login,
    title: plainText("Link Uptime account", limits.modalTitle),
    submit: plainText("Link", limits.modalButton),
    close: plainText("Cancel", limits.modalButton),
    private_metadata: input.privateMetadata,
    blocks: [
      {
        type: "section",
        text: mrkdwn(
          "Paste your *personal API token* of the Uptime service. Every action you take from Slack then runs as you, with your role in each team. The token is stored encrypted and never shown again.",
        ),
      },
      {
        type: "input",
        block_id: blocks.login.token,
        label: plainText("Personal API token", limits.inputLabel),
        // Reference (Authentication): the operator issues personal tokens on request.
        hint: plainText(
          "No token yet? Ask the Uptime service operator to issue you a personal token.",
          limits.inputLabel,
        ),
        element: {
          type: "plain_text_input",
          action_id: actions.login.token,
          placeholder: plainText("Paste the token here", limits.placeholder),
          min_length: 1,
          max_length: 512,
        },
      },
      ...(input.pendingIncidentId
        ? [
            {
              type: "context" as const,
              elements: [
                mrkdwn(
                  `After linking, incident #${escapeMrkdwn(input.pendingIncidentId)} will be acknowledged as you.`,
                ),
              ],
            },
          ]
        : []),
    ],
  };
}

/**
 * The inline error next to the token input (`response_action: "errors"`). Nothing is lost: the modal stays
 * open with what the user pasted, so they can fix it or simply submit again.
 */
export function loginErrorText(error: unknown): string {
  const e = knownError(error);
  switch (e?.code) {
    case "service.invalid-token":
      if (e.reason === "empty") return "Paste your personal API token.";
      if (e.reason === "malformed")
        return "That doesn't look like a token: paste it without spaces or line breaks.";
      return "The Uptime service didn't accept this token. Check that you copied the whole personal API token.";
    case "api.timeout":
    case "api.network":
      return "The Uptime service didn't answer in time. Please submit again.";
    case "api.server-error":
      return "The Uptime service is having trouble right now. Please submit again in a minute.";
    case "api.rate-limited":
      return "The Uptime service is busy right now. Please submit again in a few seconds.";
    default:
      return "Something went wrong on our side while checking the token. Please submit again.";
  }
}
