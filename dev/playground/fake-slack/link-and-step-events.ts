import { FakeSlackUsageError } from "./errors";
import { randomHex, slackId } from "./ids";
import type { ManifestRules } from "./manifest-rules";
import type { EventResult, SlackSender } from "./sender";
import type { FakeSlackState } from "./state";
import type { FakeSlackConfig, FunctionExecution } from "./types";

export interface LinkAndStepDeps {
  state: FakeSlackState;
  config: FakeSlackConfig;
  manifest: ManifestRules;
  sender: SlackSender;
}

/** URLs of a message as Slack formats them (`<https://...>` or `<https://...|label>`), or typed bare. */
export function urlsOf(text: string): string[] {
  const urls: string[] = [];
  for (const match of text.matchAll(/<(https?:\/\/[^|>\s]+)(?:\|[^>]*)?>|(https?:\/\/[^\s<>]+)/g)) {
    const url = (match[1] ?? match[2] ?? "").replace(/&amp;/g, "&");
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A person posts a message in a conversation. Slack then sends the app `link_shared` when the message holds
 * links of the manifest's `unfurl_domains` ("The link_shared event is sent over the Events API when a
 * link matching the registered URL domain your app is setup to track is posted",
 * https://docs.slack.dev/reference/events/link_shared), if the app subscribed to the event (bot_events)
 * with its scope ("Required scopes: links:read"). The event carries `channel`, `user`, `message_ts`,
 * `unfurl_id`, `source: conversations_history`, `is_bot_user_member` and `links` ({domain, url}). The app
 * gets no event for its own messages (the same page). No `message` event: the manifest subscribes to none.
 */
export async function postUserMessage(
  deps: LinkAndStepDeps,
  input: { userId: string; channelId: string; text: string; threadTs?: string },
): Promise<{ ts: string; linkShared?: EventResult }> {
  const { state, config, manifest } = deps;
  if (!state.users.has(input.userId)) throw new FakeSlackUsageError(`unknown user ${input.userId}`);
  const conversation = state.conversation(input.channelId);
  if (!conversation) throw new FakeSlackUsageError(`unknown channel ${input.channelId}`);
  const stored = state.addMessage(conversation.id, {
    user: input.userId,
    team: config.teamId,
    text: input.text,
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
  });
  if (input.userId === config.botUserId) return { ts: stored.ts };
  if (!manifest.botEvents.has("link_shared") || !manifest.botScopes.has("links:read"))
    return { ts: stored.ts };
  const links = urlsOf(input.text).flatMap((url) => {
    const domain = hostOf(url);
    return domain && manifest.unfurlDomains.includes(domain) ? [{ domain, url }] : [];
  });
  if (links.length === 0) return { ts: stored.ts };
  const unfurlId = `${conversation.id}.${stored.ts}.${randomHex(32)}`;
  state.sharedLinks.set(unfurlId, {
    unfurlId,
    source: "conversations_history",
    channel: conversation.id,
    messageTs: stored.ts,
    urls: links.map((l) => l.url),
  });
  const linkShared = await deps.sender.event({
    type: "link_shared",
    channel: conversation.id,
    is_bot_user_member: state.isMember(conversation, config.botUserId),
    user: input.userId,
    message_ts: stored.ts,
    ...(stored.thread_ts ? { thread_ts: stored.thread_ts } : {}),
    unfurl_id: unfurlId,
    source: "conversations_history",
    links,
  });
  return { ts: stored.ts, linkShared };
}

/**
 * A workflow runs one of the app's custom steps: Slack sends `function_executed`
 * (https://docs.slack.dev/reference/events/function_executed; "you cannot subscribe to it like other
 * events": it comes because the manifest declares the function) with the function's definition, the
 * step's `inputs`, a `function_execution_id`, a `workflow_execution_id` and a `bot_access_token` for this
 * run, which the app completes with functions.completeSuccess or completeError (web-api/functions.ts).
 *
 * What Workflow Builder would not let happen is refused as a usage error: a callback_id the manifest does
 * not declare; an app that is not org-ready ("The app must opt-in to org-ready apps to be able to add the
 * custom step to its manifest", https://docs.slack.dev/tools/bolt-js/tutorials/custom-steps); a required
 * input left empty (the workflow cannot be published). A `slack#/types/user_context` input is filled by
 * Slack with the person running the workflow, `{ id, secret }`
 * (https://docs.slack.dev/reference/types/user_context-type): `runBy` names them, or leave it out for a
 * run with no person (a scheduled trigger with no step before: such a workflow cannot be published
 * either, which is why the input is only omitted when the test asks so).
 */
export async function runWorkflowStep(
  deps: LinkAndStepDeps,
  input: { callbackId: string; runBy?: string; inputs?: Record<string, unknown> },
): Promise<{ execution: FunctionExecution; delivery: EventResult }> {
  const { state, config, manifest } = deps;
  const fn = manifest.functions.get(input.callbackId);
  if (!fn) {
    throw new FakeSlackUsageError(
      `the manifest (${manifest.source}) declares no function ${input.callbackId}: Workflow Builder cannot offer it`,
    );
  }
  if (!manifest.orgDeployEnabled) {
    throw new FakeSlackUsageError(
      `the manifest (${manifest.source}) has settings.org_deploy_enabled off: custom steps need an org-ready app`,
    );
  }
  const inputs: Record<string, unknown> = { ...input.inputs };
  for (const [name, parameter] of Object.entries(fn.inputs)) {
    if (parameter.type === "slack#/types/user_context" && input.runBy !== undefined) {
      if (!state.users.has(input.runBy)) throw new FakeSlackUsageError(`unknown user ${input.runBy}`);
      inputs[name] = { id: input.runBy, secret: randomHex(16) };
    }
  }
  const missing = fn.requiredInputs.filter(
    (name) => inputs[name] === undefined && !(fn.inputs[name]?.type === "slack#/types/user_context"),
  );
  if (missing.length > 0) {
    throw new FakeSlackUsageError(
      `${input.callbackId} needs ${missing.join(", ")}: Workflow Builder does not publish a workflow without them`,
    );
  }
  const token = `xwfp-${randomHex(20)}`;
  const execution: FunctionExecution = {
    id: slackId("Fx"),
    callbackId: input.callbackId,
    token,
    tokens: new Map([[token, config.clock.now()]]),
    inputs,
    state: "running",
  };
  state.functionExecutions.set(execution.id, execution);
  const parameters = (params: typeof fn.inputs, required: readonly string[]) =>
    Object.entries(params).map(([name, p]) => ({
      type: p.type,
      name,
      ...(p.title ? { title: p.title } : {}),
      ...(p.description ? { description: p.description } : {}),
      is_required: required.includes(name),
    }));
  const created = Math.floor(config.clock.now() / 1000);
  const delivery = await deps.sender.event({
    type: "function_executed",
    function: {
      id: slackId("Fn"),
      callback_id: input.callbackId,
      title: fn.title,
      description: fn.description,
      type: "app",
      input_parameters: parameters(fn.inputs, fn.requiredInputs),
      output_parameters: parameters(fn.outputs, []),
      app_id: config.appId,
      date_created: created,
      date_updated: created,
      date_deleted: 0,
    },
    inputs,
    function_execution_id: execution.id,
    workflow_execution_id: slackId("Wx"),
    bot_access_token: execution.token,
  });
  return { execution, delivery };
}
