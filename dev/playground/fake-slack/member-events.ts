import { FakeSlackUsageError } from "./errors";
import type { ManifestRules } from "./manifest-rules";
import type { EventResult, SlackSender } from "./sender";
import type { FakeSlackState } from "./state";
import type { FakeSlackConfig } from "./types";
import { userObject } from "./web-api/users";

export interface MemberEventDeps {
  state: FakeSlackState;
  config: FakeSlackConfig;
  manifest: ManifestRules;
  sender: SlackSender;
}

/**
 * An admin deactivates a member. users.info answers `deleted: true` from then on, and Slack sends
 * `user_change` with the user object ("The user_change event is sent to all connections for a workspace
 * when a member updates their profile or data", https://docs.slack.dev/reference/events/user_change) only
 * to an app that subscribed to it (bot_events) and was granted its scope, `users:read` (the same page,
 * "Required scopes"). Undefined when nothing was sent.
 */
export async function deactivateUser(
  deps: MemberEventDeps,
  userId: string,
): Promise<EventResult | undefined> {
  const { state, config, manifest } = deps;
  const user = state.users.get(userId);
  if (!user) throw new FakeSlackUsageError(`unknown user ${userId}`);
  user.deleted = true;
  if (!manifest.botEvents.has("user_change") || !manifest.botScopes.has("users:read")) return undefined;
  return deps.sender.event({
    type: "user_change",
    user: userObject({ config, clock: config.clock }, user, false),
    cache_ts: Math.floor(config.clock.now() / 1000),
  });
}

/**
 * Tokens of the app are revoked: `tokens_revoked` with the user ids of the revoked user (`oauth`) and bot
 * (`bot`) tokens, "sent via the Events API to your app if it is subscribed" and needing no scope
 * (https://docs.slack.dev/reference/events/tokens_revoked). A revoked bot token answers `token_revoked`
 * from then on.
 */
export async function revokeTokens(
  deps: MemberEventDeps,
  tokens: { oauth?: string[]; bot?: string[] },
): Promise<EventResult | undefined> {
  const { state, config, manifest } = deps;
  const oauth = tokens.oauth ?? [];
  const bot = tokens.bot ?? [];
  for (const id of oauth) if (!state.users.has(id)) throw new FakeSlackUsageError(`unknown user ${id}`);
  for (const id of bot) {
    if (id !== config.botUserId) throw new FakeSlackUsageError(`${id} is not the app's bot user`);
  }
  if (oauth.length + bot.length === 0) throw new FakeSlackUsageError("name at least one revoked token");
  if (bot.length > 0) state.revokedTokens.add(config.botToken);
  if (!manifest.botEvents.has("tokens_revoked")) return undefined;
  return deps.sender.event({
    type: "tokens_revoked",
    tokens: { ...(oauth.length > 0 ? { oauth } : {}), ...(bot.length > 0 ? { bot } : {}) },
  });
}

/**
 * The app is uninstalled from the workspace: its bot token is revoked and `app_uninstalled` is sent to a
 * subscribed app, no scope needed (https://docs.slack.dev/reference/events/app_uninstalled: "sent via
 * subscription whenever a Slack app is completely uninstalled").
 */
export async function uninstallApp(deps: MemberEventDeps): Promise<EventResult | undefined> {
  deps.state.revokedTokens.add(deps.config.botToken);
  if (!deps.manifest.botEvents.has("app_uninstalled")) return undefined;
  return deps.sender.event({ type: "app_uninstalled" });
}
