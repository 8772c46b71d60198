// Pure builders of what Slack sends to an app: slash command forms, interaction payloads, event callbacks.
// Shapes follow Slack's reference payloads (block_actions, view_submission, view_closed, block_suggestion,
// shortcut, event_callback); fields a test does not give are filled as Slack would.

import { randomHex, slackId } from "./ids";
import { microsToTs } from "./slack-ts";
import type {
  Conversation,
  FakeSlackConfig,
  FakeUserSeed,
  SlackMessage,
  SlackView,
  ViewStateValues,
} from "./types";

/** The legacy verification token Slack still puts in every payload (Bolt ignores it, signatures rule). */
export const VERIFICATION_TOKEN = "fakeVerificationToken0000";

export function nowTs(nowMs: number): string {
  return microsToTs(Math.floor(nowMs) * 1000);
}

export function teamObject(config: FakeSlackConfig) {
  return {
    id: config.teamId,
    domain: config.teamDomain,
    ...(config.enterpriseId
      ? { enterprise_id: config.enterpriseId, enterprise_name: "Fake Enterprise" }
      : {}),
  };
}

export function enterpriseObject(config: FakeSlackConfig) {
  return config.enterpriseId ? { id: config.enterpriseId, name: "Fake Enterprise" } : null;
}

export function userObject(config: FakeSlackConfig, user: FakeUserSeed) {
  return { id: user.id, username: user.name, name: user.name, team_id: config.teamId };
}

/** channel_name as slash commands report it: DMs are "directmessage", private channels "privategroup". */
export function channelName(conversation: Conversation): string {
  if (conversation.isIm) return "directmessage";
  if (conversation.isMpim) return "mpdm";
  return conversation.isPrivate ? "privategroup" : conversation.name;
}

export function slashCommandForm(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  conversation: Conversation;
  command: string;
  text: string;
  responseUrl: string;
  triggerId: string;
}): Record<string, string> {
  const { config } = input;
  return {
    token: VERIFICATION_TOKEN,
    team_id: input.user.teamId ?? config.teamId,
    team_domain: config.teamDomain,
    ...(config.enterpriseId
      ? { enterprise_id: config.enterpriseId, enterprise_name: "Fake Enterprise" }
      : {}),
    channel_id: input.conversation.id,
    channel_name: channelName(input.conversation),
    user_id: input.user.id,
    user_name: input.user.name,
    command: input.command,
    text: input.text,
    api_app_id: config.appId,
    is_enterprise_install: String(config.isEnterpriseInstall),
    response_url: input.responseUrl,
    trigger_id: input.triggerId,
  };
}

export interface ActionInput {
  action_id: string;
  block_id?: string;
  type?: string;
  value?: string;
  selected_option?: unknown;
  [field: string]: unknown;
}

/** Finds an interactive element by action_id in blocks (section accessories, actions, inputs, context). */
export function findElement(blocks: unknown[] | undefined, actionId: string) {
  for (const block of blocks ?? []) {
    if (typeof block !== "object" || block === null) continue;
    const b = block as { block_id?: unknown; accessory?: unknown; elements?: unknown; element?: unknown };
    const candidates = [b.accessory, b.element, ...(Array.isArray(b.elements) ? b.elements : [])];
    for (const element of candidates) {
      if (
        typeof element === "object" &&
        element !== null &&
        (element as { action_id?: unknown }).action_id === actionId
      ) {
        return {
          blockId: typeof b.block_id === "string" ? b.block_id : undefined,
          element: element as Record<string, unknown>,
        };
      }
    }
  }
  return undefined;
}

/** An action as Slack reports it: the element's type and text from the rendered blocks, plus action_ts. */
export function actionObject(action: ActionInput, blocks: unknown[] | undefined, nowMs: number) {
  const found = findElement(blocks, action.action_id);
  const element = found?.element ?? {};
  return {
    type: typeof element.type === "string" ? element.type : "button",
    block_id: found?.blockId ?? slackId("", 5),
    ...(element.text !== undefined ? { text: element.text } : {}),
    ...(typeof element.value === "string" ? { value: element.value } : {}),
    ...(typeof element.style === "string" ? { style: element.style } : {}),
    ...action,
    action_ts: nowTs(nowMs),
  };
}

export type ActionContainer =
  | { type: "message"; channel: string; ts: string }
  | { type: "ephemeral"; channel: string; ts: string }
  | { type: "view"; viewId: string };

export function blockActionsPayload(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  triggerId: string;
  container: ActionContainer;
  conversation?: Conversation;
  message?: SlackMessage;
  threadTs?: string;
  view?: SlackView;
  responseUrl?: string;
  actions: ReturnType<typeof actionObject>[];
  stateValues?: ViewStateValues;
  /** A step run's interactivity fields (sender.ts runOfMessage). */
  functionRun?: Record<string, unknown>;
}) {
  const { config, container } = input;
  const containerObject =
    container.type === "view"
      ? { type: "view", view_id: container.viewId }
      : {
          type: "message",
          message_ts: container.ts,
          channel_id: container.channel,
          is_ephemeral: container.type === "ephemeral",
          ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
        };
  return {
    type: "block_actions",
    user: userObject(config, input.user),
    api_app_id: config.appId,
    token: VERIFICATION_TOKEN,
    container: containerObject,
    trigger_id: input.triggerId,
    team: teamObject(config),
    enterprise: enterpriseObject(config),
    is_enterprise_install: config.isEnterpriseInstall,
    ...(input.conversation
      ? { channel: { id: input.conversation.id, name: channelName(input.conversation) } }
      : {}),
    ...(input.message ? { message: input.message } : {}),
    ...(input.view ? { view: input.view } : {}),
    ...(container.type !== "view" ? { state: { values: input.stateValues ?? {} } } : {}),
    ...(input.responseUrl ? { response_url: input.responseUrl } : {}),
    actions: input.actions,
    ...input.functionRun,
  };
}

export function viewSubmissionPayload(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  triggerId: string;
  view: SlackView;
}) {
  const { config } = input;
  return {
    type: "view_submission",
    team: teamObject(config),
    user: userObject(config, input.user),
    api_app_id: config.appId,
    token: VERIFICATION_TOKEN,
    trigger_id: input.triggerId,
    view: input.view,
    response_urls: [],
    is_enterprise_install: config.isEnterpriseInstall,
    enterprise: enterpriseObject(config),
  };
}

export function viewClosedPayload(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  view: SlackView;
  isCleared: boolean;
}) {
  const { config } = input;
  return {
    type: "view_closed",
    team: teamObject(config),
    user: userObject(config, input.user),
    api_app_id: config.appId,
    token: VERIFICATION_TOKEN,
    view: input.view,
    is_cleared: input.isCleared,
    is_enterprise_install: config.isEnterpriseInstall,
    enterprise: enterpriseObject(config),
  };
}

export function blockSuggestionPayload(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  actionId: string;
  blockId: string;
  value: string;
  view?: SlackView;
  conversation?: Conversation;
  messageTs?: string;
}) {
  const { config } = input;
  const container = input.view
    ? { type: "view", view_id: input.view.id }
    : {
        type: "message",
        message_ts: input.messageTs,
        channel_id: input.conversation?.id,
        is_ephemeral: false,
      };
  return {
    type: "block_suggestion",
    user: userObject(config, input.user),
    container,
    api_app_id: config.appId,
    token: VERIFICATION_TOKEN,
    action_id: input.actionId,
    block_id: input.blockId,
    value: input.value,
    team: teamObject(config),
    enterprise: enterpriseObject(config),
    is_enterprise_install: config.isEnterpriseInstall,
    ...(input.view ? { view: input.view } : {}),
    ...(input.conversation
      ? { channel: { id: input.conversation.id, name: channelName(input.conversation) } }
      : {}),
  };
}

export function shortcutPayload(input: {
  config: FakeSlackConfig;
  user: FakeUserSeed;
  callbackId: string;
  triggerId: string;
  nowMs: number;
}) {
  const { config } = input;
  return {
    type: "shortcut",
    token: VERIFICATION_TOKEN,
    action_ts: nowTs(input.nowMs),
    team: teamObject(config),
    user: userObject(config, input.user),
    is_enterprise_install: config.isEnterpriseInstall,
    enterprise: enterpriseObject(config),
    callback_id: input.callbackId,
    trigger_id: input.triggerId,
  };
}

export function eventCallback(
  config: FakeSlackConfig,
  event: Record<string, unknown>,
  nowMs: number,
  options: { extShared?: boolean } = {},
) {
  return {
    token: VERIFICATION_TOKEN,
    team_id: config.teamId,
    ...(config.enterpriseId ? { enterprise_id: config.enterpriseId } : {}),
    api_app_id: config.appId,
    event: { ...event, event_ts: typeof event.event_ts === "string" ? event.event_ts : nowTs(nowMs) },
    type: "event_callback",
    event_id: slackId("Ev"),
    event_time: Math.floor(nowMs / 1000),
    authorizations: [
      {
        enterprise_id: config.enterpriseId ?? null,
        team_id: config.teamId,
        user_id: config.botUserId,
        is_bot: true,
        is_enterprise_install: config.isEnterpriseInstall,
      },
    ],
    // "is_ext_shared_channel": the event happened in a channel shared with another organization
    // (https://docs.slack.dev/apis/events-api, the event wrapper).
    is_ext_shared_channel: options.extShared === true,
    event_context: `4-${randomHex(24)}`,
  };
}

export function urlVerification(challenge: string) {
  return { token: VERIFICATION_TOKEN, challenge, type: "url_verification" };
}
