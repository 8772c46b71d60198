// The fake Slack of the playground and the tests (docs/architecture.md section 6):
//   const fake = await startFakeSlack({ signingSecret, appUrl });   // Web API at fake.apiUrl
//   new App({ token: fake.config.botToken, signingSecret, clientOptions: { slackApiUrl: fake.apiUrl } });
//   await fake.sender.slashCommand({ userId, channelId, text: "status" });   // signed, like Slack
//   fake.state / fake.events ("change", "call") / fake.failNext(...) / await fake.close();
// Socket Mode: Bolt with socketMode, appToken and installerOptions.clientOptions.slackApiUrl = fake.apiUrl.
export { AckTimeoutError, FakeSlackUsageError, SlackApiError } from "./errors";
export { type FakeSlack, startFakeSlack } from "./fake-slack";
export type { SlackFaultInput, SlackFaultKind } from "./fault-windows";
export type { ActionContainer, ActionInput } from "./payloads";
export type {
  BlockActionResult,
  BlockSuggestionResult,
  DeliveryResult,
  EventResult,
  SlackSender,
  SlashCommandResult,
  ViewSubmissionOutcome,
  ViewSubmissionResult,
} from "./sender";
export type { FakeSlackState } from "./state";
export type * from "./types";
