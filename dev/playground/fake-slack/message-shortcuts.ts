import { FakeSlackUsageError } from "./errors";
import type { ManifestRules } from "./manifest-rules";
import { toApiMessage } from "./messages";
import { channelName, enterpriseObject, nowTs, teamObject, userObject, VERIFICATION_TOKEN } from "./payloads";
import type { ResponseUrlRegistry } from "./response-urls";
import type { BlockActionResult, SlackSender } from "./sender";
import type { FakeSlackState } from "./state";
import type { TriggerRegistry } from "./triggers";
import type { FakeSlackConfig, Via } from "./types";

export interface MessageShortcutDeps {
  state: FakeSlackState;
  config: FakeSlackConfig;
  manifest: ManifestRules;
  sender: SlackSender;
  triggers: TriggerRegistry;
  responseUrls: ResponseUrlRegistry;
}

/**
 * A person picks one of the app's message shortcuts in a message's "More actions" menu. Slack sends
 * `message_action` (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interaction-payload:
 * "Global shortcuts will return shortcut, message shortcuts will return message_action") with the
 * `callback_id`, a `trigger_id`, a `response_url` ("only included for message shortcuts"), the `user`, the
 * `message` ("the full structure of the message"), its `channel` and `message_ts`, and the `team`.
 *
 * Refused as a usage error, because Slack's menu would not offer it: a callback_id the manifest does not
 * declare as a `type: message` shortcut (https://docs.slack.dev/interactivity/implementing-shortcuts), and
 * an ephemeral message ("Message shortcuts are available on any message, except for those ... ephemeral
 * messages", https://api.slack.com/interactive-messages). A person outside a private conversation cannot
 * see its messages at all.
 */
export async function messageShortcut(
  deps: MessageShortcutDeps,
  input: { userId: string; callbackId: string; channelId: string; messageTs: string; via?: Via },
): Promise<BlockActionResult> {
  const { state, config, manifest } = deps;
  if (!manifest.messageShortcuts.has(input.callbackId)) {
    throw new FakeSlackUsageError(
      `the manifest (${manifest.source}) declares no message shortcut ${input.callbackId}: Slack's menu does not offer it`,
    );
  }
  const user = state.users.get(input.userId);
  if (!user) throw new FakeSlackUsageError(`unknown user ${input.userId}`);
  const conversation = state.conversation(input.channelId);
  if (!conversation) throw new FakeSlackUsageError(`unknown channel ${input.channelId}`);
  if (conversation.isPrivate && !state.isMember(conversation, user.id)) {
    throw new FakeSlackUsageError(`${user.id} is not in ${conversation.id}: they cannot see its messages`);
  }
  const message = state.findMessage(conversation.id, input.messageTs);
  if (!message) throw new FakeSlackUsageError(`no message ${input.messageTs} in ${conversation.id}`);
  const triggerId = deps.triggers.issue(user.id);
  // Answers go to the person in that channel, as a slash command's do.
  const responseUrl = deps.responseUrls.issue({ kind: "command", channel: conversation.id, user: user.id });
  const payload = {
    type: "message_action",
    token: VERIFICATION_TOKEN,
    action_ts: nowTs(config.clock.now()),
    team: teamObject(config),
    user: userObject(config, user),
    channel: { id: conversation.id, name: channelName(conversation) },
    is_enterprise_install: config.isEnterpriseInstall,
    enterprise: enterpriseObject(config),
    callback_id: input.callbackId,
    trigger_id: triggerId,
    response_url: responseUrl,
    message_ts: message.ts,
    message: toApiMessage(message, { includeMetadata: false }),
  };
  return { ...(await deps.sender.interactive(payload, input.via)), triggerId, responseUrl };
}
