import { LogLevel, WebClient } from "@slack/web-api";
import { slackErrorOf } from "./slack-call";

export interface BotIdentity {
  botId: string;
  botUserId: string;
}

/** Slack could not confirm the bot token at start-up: one line saying what to check. */
export class SlackStartError extends Error {
  override name = "SlackStartError";
}

/** A few seconds of retries: a deploy racing a network blip should still start. */
const AUTH_TEST_RETRIES = { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 4000 };

/**
 * The bot's ids, from one `auth.test` at start-up (single-workspace mode; OAuth has a token per
 * installation). Given to Bolt, they spare it its own auth.test in the App constructor, whose rejection,
 * when Slack cannot be reached, was never handled: the process ended with a stack trace seconds after
 * "bot started", and a bot that did stay up kept the failed result for every request.
 */
export async function botIdentity(slack: {
  botToken?: string | undefined;
  apiUrl?: string | undefined;
}): Promise<BotIdentity> {
  const client = new WebClient(slack.botToken, {
    ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
    retryConfig: AUTH_TEST_RETRIES,
    timeout: 10_000,
    logLevel: LogLevel.ERROR,
  });
  let result: Awaited<ReturnType<WebClient["auth"]["test"]>>;
  try {
    result = await client.auth.test();
  } catch (error) {
    const failure = slackErrorOf(error);
    if (failure.kind === "slack.refused") {
      throw new SlackStartError(`Slack refused SLACK_BOT_TOKEN (auth.test: ${failure.code})`);
    }
    const message = (error as { message?: string }).message;
    throw new SlackStartError(
      `Slack could not be reached for auth.test (${slack.apiUrl ?? "https://slack.com/api/"}): ${message ?? String(error)}`,
    );
  }
  if (!result.bot_id || !result.user_id) {
    throw new SlackStartError(
      "SLACK_BOT_TOKEN is not a bot token (auth.test named no bot): use the xoxb- token",
    );
  }
  return { botId: result.bot_id, botUserId: result.user_id };
}
