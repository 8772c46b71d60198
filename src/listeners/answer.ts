import type { RespondArguments } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../domain/workspace-ref";
import { answerUser } from "../slack/answer-user";
import type { ErrorText } from "../ui/error-text";
import { renderErrorMessage } from "../ui/render-error-message";
import type { Rendered } from "../ui/reply";
import type { ListenerDeps } from "./listener-deps";
import { refreshHome } from "./publish-home";

/** Where a handler's answers go: chosen once per request (handle-interaction.ts), used for every answer. */
export interface Answer {
  /** Tells the clicking user something; `replace` replaces the (ephemeral) message they acted on. */
  message(message: Rendered, options?: { replace?: boolean }): Promise<void>;
  /** What went wrong, in one sentence; the Link button (with `linkValue`) when linking would fix it. */
  error(text: ErrorText, linkValue?: string): Promise<void>;
}

type Respond = (message: RespondArguments) => Promise<unknown>;

/** Ephemeral answers through the request's response_url; the message acted on stays unless replaced. */
export function answerByRespond(respond: Respond): Answer {
  return {
    async message(message, options) {
      await respond({ response_type: "ephemeral", replace_original: options?.replace ?? false, ...message });
    },
    async error(text, linkValue) {
      await respond({
        response_type: "ephemeral",
        replace_original: false,
        ...renderErrorMessage(text, linkValue),
      });
    },
  };
}

/** App Home has no message to answer under: the answer is a line at the top of the re-published tab. */
export function answerOnHome(client: WebClient, deps: ListenerDeps, user: UserRef): Answer {
  return {
    async message(message) {
      await refreshHome(client, deps, user, message.text);
    },
    async error(text) {
      await refreshHome(client, deps, user, `:warning: ${text.text}`);
    },
  };
}

/**
 * Where the user clicked: a message answers through its response_url, replacing it when it is ephemeral
 * (its buttons would be stale) and leaving a channel message as it is; App Home (no response_url) answers
 * ephemerally in the channel, else in the app's DM (answer-user.ts).
 */
export function answerWhereClicked(
  request: {
    respond: Respond;
    responseUrl: string | undefined;
    ephemeralSource: boolean;
    client: WebClient;
    userId: string;
    channelId: string | undefined;
  },
  deps: ListenerDeps,
): Answer {
  const send = async (message: Rendered) => {
    if (request.responseUrl) {
      await request.respond({
        response_type: "ephemeral",
        replace_original: request.ephemeralSource,
        ...message,
      });
    } else {
      await answerUser(
        request.client,
        deps.logger,
        { userId: request.userId, channelId: request.channelId },
        message,
      );
    }
  };
  return {
    message: send,
    error: (text, linkValue) => send(renderErrorMessage(text, linkValue)),
  };
}

/** No answer: a modal redraw or a modal opening, where the user sees the result itself. */
export const answerNothing: Answer = {
  async message() {},
  async error() {},
};
