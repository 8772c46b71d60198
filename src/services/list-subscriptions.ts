import type { EscalationStep, Mention } from "../domain/escalation-steps";
import type { QuietHours } from "../domain/quiet-hours";
import type { SlowRule } from "../domain/slow-rule";
import type { SubscriptionOptionValues } from "../domain/subscription-options";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { Mute } from "../store/mute-store";
import type { Subscription, SubscriptionDigest, SubscriptionRules } from "../store/subscription-store";
import { monitorNames } from "./monitor-names";
import type { ServiceDeps } from "./service-deps";
import { requireAlerts } from "./service-deps";
import { openSession, type UserSession } from "./session";

/** One subscription as the Slack surfaces show it (`/uptime subscriptions`, App Home, unsubscribe). */
export interface SubscriptionView {
  id: string;
  channelId: string;
  apiTeamId: string;
  /** From the links of the caller or the subscriber; null when neither knows the team. */
  teamName: string | null;
  /** Monitor filters; `name` null when it could not be read with the caller's token. */
  monitors: { id: string; name: string | null }[];
  groups: string[];
  mention: Mention | null;
  /** `--storm` / `--flap` when the subscription has its own; absent: the defaults. */
  rules?: SubscriptionRules | undefined;
  /** `--digest`: the cadence and the time zone of its 09:00. */
  digest?: SubscriptionDigest | undefined;
  /** `--escalate`: minutes unacknowledged before the channel is pinged again. */
  escalateMinutes?: number | undefined;
  /** `--escalate` steps, when there are several or one names its own mention. */
  escalateSteps?: EscalationStep[] | undefined;
  /** The options the alert kinds declare, by flag. */
  options?: SubscriptionOptionValues | undefined;
  /** `--slow`: the slow-response rule. */
  slow?: SlowRule | undefined;
  /** The person's own alerts in their DM with the app, quiet in these hours (read when last saved). */
  personal?: { quiet: QuietHours | null } | undefined;
  subscriberUserId: string;
  paused: { reason: string; at: number } | null;
  createdAt: number;
}

export interface ChannelSubscriptionsView {
  channelId: string;
  subscriptions: SubscriptionView[];
  /** The channel's live mutes, soonest end first: alerts quieted here are listed with who quieted them. */
  mutes: Mute[];
}

/**
 * `/uptime subscriptions`: every subscription of the channel, whoever created it. Anyone in the channel may
 * look (it is the channel's configuration); monitor names are read with the caller's own token when they are
 * linked, else the ids are shown.
 */
export async function listChannelSubscriptions(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
): Promise<ChannelSubscriptionsView> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const [subscriptions, mutes] = await Promise.all([
    alerts.subscriptions.listByChannel(ws, channelId),
    alerts.mutes.listChannel(ws, channelId),
  ]);
  return { channelId, subscriptions: await toViews(deps, ref, subscriptions), mutes };
}

/**
 * App Home's "Your subscriptions": the subscriptions this user created, in any channel. Home already holds
 * the user's open session: its link and API client are reused instead of reading and decrypting the link again.
 */
export async function listUserSubscriptions(
  deps: ServiceDeps,
  session: UserSession,
): Promise<SubscriptionView[]> {
  const alerts = requireAlerts(deps);
  const { ref } = session;
  const subscriptions = await alerts.subscriptions.listBySubscriber(workspaceOf(ref), ref.userId);
  return toViews(deps, ref, subscriptions, session);
}

/**
 * Views of stored subscriptions: team names from links (Redis), monitor names with the caller's token.
 * `session`, when the caller already opened it, stands for the caller's link and token.
 */
export async function toViews(
  deps: ServiceDeps,
  ref: UserRef,
  subscriptions: readonly Subscription[],
  session?: UserSession,
): Promise<SubscriptionView[]> {
  if (subscriptions.length === 0) return [];
  const teamNames = await teamNamesOf(deps, ref, subscriptions, session);
  const names = await bestEffortMonitorNames(
    deps,
    ref,
    subscriptions.flatMap((sub) => sub.filters.monitors),
    session,
  );
  return subscriptions
    .map((sub) => ({
      id: sub.id,
      channelId: sub.channelId,
      apiTeamId: sub.apiTeamId,
      teamName: teamNames.get(sub.apiTeamId) ?? null,
      monitors: sub.filters.monitors.map((id) => ({ id, name: names.get(id) ?? null })),
      groups: [...sub.filters.groups],
      mention: sub.mention,
      ...(sub.rules ? { rules: sub.rules } : {}),
      ...(sub.digest ? { digest: sub.digest } : {}),
      ...(sub.escalateMinutes !== undefined ? { escalateMinutes: sub.escalateMinutes } : {}),
      ...(sub.escalateSteps ? { escalateSteps: sub.escalateSteps } : {}),
      ...(sub.options ? { options: sub.options } : {}),
      ...(sub.slow ? { slow: sub.slow } : {}),
      ...(sub.personal ? { personal: { quiet: sub.personal.quiet } } : {}),
      subscriberUserId: sub.subscriber.userId,
      paused: sub.paused ? { reason: sub.paused.reason, at: sub.paused.at } : null,
      createdAt: sub.createdAt,
    }))
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

async function teamNamesOf(
  deps: ServiceDeps,
  ref: UserRef,
  subscriptions: readonly Subscription[],
  session?: UserSession,
): Promise<Map<string, string>> {
  const ws = workspaceOf(ref);
  const users = [...new Set([ref.userId, ...subscriptions.map((sub) => sub.subscriber.userId)])];
  // The caller's link first, so their own team names win.
  const links = await Promise.all(
    users.map((userId) =>
      userId === ref.userId && session ? session.link : deps.links.get({ ...ws, userId }).catch(() => null),
    ),
  );
  const names = new Map<string, string>();
  for (const link of links)
    for (const team of link?.teams ?? []) if (!names.has(team.id)) names.set(team.id, team.name);
  return names;
}

/**
 * Monitor names decorate a list: they are read with the caller's own token when they are linked, and any
 * failure (not linked, 401, API down) just leaves the ids. Never marks a link stale: that is the job of
 * the calls that need the token.
 */
export async function bestEffortMonitorNames(
  deps: ServiceDeps,
  ref: UserRef,
  ids: readonly string[],
  session?: UserSession,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  try {
    const { api } = session ?? (await openSession(deps, ref));
    return await monitorNames(api, ids);
  } catch (err) {
    deps.logger.debug({ err: (err as Error).name }, "monitor names for a subscription list unavailable");
    return new Map();
  }
}
