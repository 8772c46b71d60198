/** What the demo's setup steps share: their one error, and waiting for the fake Slack to show something. */
import type { FakeSlack } from "./fake-slack";

export class DemoSetupError extends Error {
  override name = "DemoSetupError";
}

/** Resolves with the first defined probe value, re-checked on every fake Slack change. */
export function waitForChange<T>(
  slack: FakeSlack,
  probe: () => T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      const value = probe();
      if (value === undefined) return;
      done();
      resolve(value);
    };
    const timer = setTimeout(() => {
      done();
      reject(new DemoSetupError(`demo setup: ${what} did not happen within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      slack.events.off("change", check);
    };
    slack.events.on("change", check);
    check();
  });
}

/**
 * `/uptime <text>` typed by a person in a channel, through the real command: resolves with the answer only
 * they see once it matches `accepted`, and fails with a DemoSetupError quoting it otherwise.
 */
export async function runCommand(
  slack: FakeSlack,
  input: { userId: string; channelId: string; text: string; accepted: RegExp },
): Promise<string> {
  const { userId, channelId, text } = input;
  const before = slack.state.ephemeralFor(userId, channelId).length;
  const result = await slack.sender.slashCommand({ userId, channelId, text });
  if (result.status !== 200)
    throw new DemoSetupError(`demo setup: /uptime ${text} answered ${result.status}`);
  const answer = await waitForChange(
    slack,
    () => slack.state.ephemeralFor(userId, channelId)[before]?.text,
    `the answer to /uptime ${text}`,
  );
  if (!input.accepted.test(answer))
    throw new DemoSetupError(`demo setup: /uptime ${text} was refused: ${answer}`);
  return answer;
}
