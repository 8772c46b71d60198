import type { ViewSubmissionResult } from "../../dev/playground/fake-slack/sender";
import type { SlackView } from "../../dev/playground/fake-slack/types";
import { actions, blocks } from "../../src/ui/ids";
import type { Stack } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

/** The token input's state, as Slack sends it with the login modal's view_submission. */
export function tokenValues(token: string) {
  return { [blocks.login.token]: { [actions.login.token]: { type: "plain_text_input", value: token } } };
}

/** Waits for the login modal to be open for a user (views.open lands after the ack). */
export function loginModal(stack: Stack, userId: string): Promise<SlackView> {
  return waitFor(stack.slack.events, () => {
    const view = stack.slack.state.topModal(userId);
    return view?.callback_id === "login" ? view : undefined;
  });
}

/** `/uptime login`, then submits `token` in the modal; resolves with Slack's handling of the answer. */
export async function loginThroughModal(
  stack: Stack,
  userId: string,
  token: string,
  channelId = "C0GENERAL",
): Promise<ViewSubmissionResult> {
  stack.slack.state.clearModals(userId);
  await stack.slack.sender.slashCommand({ userId, channelId, text: "login" });
  const view = await loginModal(stack, userId);
  return stack.slack.sender.viewSubmission({ userId, viewId: view.id, values: tokenValues(token) });
}

/** The newest ephemeral message of a user in a channel whose text matches. */
export function ephemeralMatching(stack: Stack, userId: string, channelId: string, pattern: RegExp) {
  return waitFor(stack.slack.events, () =>
    stack.slack.state
      .ephemeralFor(userId, channelId)
      .filter((m) => pattern.test(m.text))
      .at(-1),
  );
}
