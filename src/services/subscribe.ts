import { mentionsOthers } from "../domain/alerting-roles";
import type { EscalationStep, Mention } from "../domain/escalation-steps";
import { type QuietHours, quietHoursOf } from "../domain/quiet-hours";
import type { SlowRule } from "../domain/slow-rule";
import { matchesFilters, normalizeFilters, type SubscriptionFilters } from "../domain/subscription-filters";
import type { SubscriptionOptionValues } from "../domain/subscription-options";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { EscalationStepArgument, MentionArgument } from "../grammar";
import { closestMatches } from "../lib/closest-matches";
import type { PermanentSlackErrorCode } from "../slack/slack-errors";
import type { ApiTeam } from "../store/link-store";
import {
  type Subscription,
  type SubscriptionDigest,
  type SubscriptionRules,
  subscriptionId,
} from "../store/subscription-store";
import type { Group, UptimeApi } from "../uptime";
import { requireCurrentMember, requireLinked, takeOverAction } from "./alerts-permission";
import { GroupNotFoundError, StaleLinkError } from "./errors";
import { resolveMonitor } from "./find-monitor";
import { monitorNames } from "./monitor-names";
import type { ServiceDeps } from "./service-deps";
import { requireAlerts } from "./service-deps";
import { withSession } from "./session";
import { matchGroup } from "./stats-target";

export interface SubscribeInput {
  channelId: string;
  /** Monitor names or ids, as typed (`monitor:<name>`). */
  monitors: readonly string[];
  /** Group names, as typed (`group:<name>`). */
  groups: readonly string[];
  mention?: MentionArgument | undefined;
  /** `--storm` / `--flap`; absent members keep the defaults. */
  rules?: SubscriptionRules | undefined;
  /** `--digest daily|weekly`, at 09:00 in `timeZone` (the subscriber's Slack zone). */
  digest?: SubscriptionDigest | undefined;
  /** `--escalate <N>m`. */
  escalateMinutes?: number | undefined;
  /** The options the alert kinds declare, by flag. */
  options?: SubscriptionOptionValues | undefined;
  /** `--escalate 5m,15m:@leads`: several steps, or steps with their own mentions. */
  escalateSteps?: readonly EscalationStepArgument[] | undefined;
  /** `--slow <T>[/<N>]`: slow-response alerts. */
  slow?: SlowRule | undefined;
  /**
   * Subscribed in the app's DM: the person's own alerts, quiet in the API user's quiet hours. The Slack zone
   * stands in when the API user's record has none.
   */
  personal?: { slackTimeZone: string | null } | undefined;
}

/** An incident that is open now, for the baseline summary of the subscribe reply. */
export interface DownNow {
  incidentId: string;
  monitorId: string | null;
  monitorName: string | null;
  started: Date;
  reason: string | null;
  acknowledged: boolean;
}

/** What the subscribe reply shows in the channel, before anything is stored. */
export interface SubscriptionPreview {
  channelId: string;
  subscriberUserId: string;
  team: ApiTeam;
  monitors: { id: string; name: string }[];
  groups: string[];
  mention: Mention | null;
  /** `updated`: the same filters existed (mention refreshed); `resumed`: it was paused and now runs again. */
  change: "created" | "updated" | "resumed";
  /** Open incidents covered by the filters, from page 1 of the team's incidents (A6: newest first). */
  down: DownNow[];
  /** Page 1 was full of incidents and more pages exist: older open incidents may not be listed. */
  downMayBeMore: boolean;
  /** `--digest`: when the channel's digest comes. */
  digest?: SubscriptionDigest | undefined;
  /** `--escalate`: minutes unacknowledged before the channel is pinged again. */
  escalateMinutes?: number | undefined;
  /** The options the alert kinds declare, by flag. */
  options?: SubscriptionOptionValues | undefined;
  /** `--escalate` with several steps or per-step mentions. */
  escalateSteps?: EscalationStep[] | undefined;
  /** `--slow`: the slow-response rule. */
  slow?: SlowRule | undefined;
  /** In the app's DM: personal alerts, with the quiet hours read from the API user's record (or none). */
  personal?: { quiet: QuietHours | null } | undefined;
}

/** What `announce` reports: posted, or the Slack error that says the app cannot post in the channel. */
export type AnnounceResult =
  | { ok: true; ts?: string | undefined }
  | { ok: false; error: PermanentSlackErrorCode };

export type SubscribeOutcome =
  | { kind: "subscribed"; subscription: Subscription; preview: SubscriptionPreview }
  /** The app is not in the channel (or it is gone): nothing was created. */
  | { kind: "unreachable"; error: PermanentSlackErrorCode }
  /** `--mention @oncall` typed as text: Slack sent no usergroup id, so nobody could be pinged. */
  | { kind: "mention-without-id"; handle: string };

/**
 * `/uptime subscribe` (docs/architecture.md section 5): the subscriber must be linked (the token polls, read-only)
 * and their active team is the one subscribed. Monitor and group names are checked with their token
 * (suggestions on a miss), and what is down now is read for the reply: the first poll of a new target is
 * a baseline that posts nothing old, so this summary is how the channel learns about ongoing outages.
 *
 * `announce` posts that summary in the channel. It goes first on purpose: it is the cheapest proof that
 * the app can post there (Slack answers `not_in_channel` otherwise, and checking membership would need
 * the channels:read scope), and when it fails nothing is created.
 *
 * Who may: the role table (src/domain/alerting-roles.ts): a linked member of the team; mentions that ping
 * anyone but the subscriber and replacing a subscription someone else created need a role other than
 * read-only. Membership and role are the API's current answer. All checked before anything is
 * posted.
 */
export async function subscribe(
  deps: ServiceDeps,
  ref: UserRef,
  input: SubscribeInput,
  announce: (preview: SubscriptionPreview) => Promise<AnnounceResult>,
): Promise<SubscribeOutcome> {
  const alerts = requireAlerts(deps);
  await requireLinked(deps, ref, "subscribe");
  return withSession(deps, ref, async (session): Promise<SubscribeOutcome> => {
    // A personal subscription pings nobody: it is the person's own DM.
    const mention = input.personal ? null : storedMention(input.mention);
    if (mention && "missingId" in mention) return { kind: "mention-without-id", handle: mention.handle };
    const steps = escalationSteps(input);
    if (steps && "missingId" in steps) return { kind: "mention-without-id", handle: steps.handle };
    // Pinging anyone but oneself (here, channel, a group, another person) is a row of its own.
    const mentions = [mention, ...(steps ?? []).map((step) => step.mention ?? null)];
    const team = await requireCurrentMember(deps, ref, session.link, session.team, [
      "subscribe",
      ...(mentionsOthers(mentions, ref.userId) ? (["mention-others"] as const) : []),
    ]);
    const [monitors, groups] = await Promise.all([
      resolveMonitors(session.api, team.id, input.monitors),
      resolveGroups(session.api, team.id, input.groups),
    ]);
    const filters = normalizeFilters({ monitors: monitors.map((m) => m.id), groups });
    const readAt = deps.clock.now();
    const down = await downNow(session.api, team.id, filters);
    const personal = input.personal
      ? { quiet: quietHoursOf(await session.api.users.me(), input.personal.slackTimeZone) }
      : undefined;

    const ws = workspaceOf(ref);
    const id = subscriptionId(ws, input.channelId, team.id, filters);
    const existing = await alerts.subscriptions.get(id);
    await requireCurrentMember(deps, ref, session.link, team, takeOverAction(existing, ref, "replace"));
    const preview: SubscriptionPreview = {
      channelId: input.channelId,
      subscriberUserId: ref.userId,
      team,
      monitors: [...new Map(monitors.map((m) => [m.id, m])).values()],
      groups: filters.groups,
      mention,
      change: existing === null ? "created" : existing.paused ? "resumed" : "updated",
      down: down.items,
      downMayBeMore: down.more,
      ...(input.digest ? { digest: input.digest } : {}),
      ...(input.escalateMinutes !== undefined ? { escalateMinutes: input.escalateMinutes } : {}),
      ...(steps ? { escalateSteps: steps } : {}),
      ...(input.options ? { options: input.options } : {}),
      ...(input.slow ? { slow: input.slow } : {}),
      ...(personal ? { personal } : {}),
    };

    const announced = await announce(preview);
    if (!announced.ok) return { kind: "unreachable", error: announced.error };

    // Read again rather than carried in the session: the token only names the target (a hash).
    const token = await deps.links.getToken(ref);
    if (!token) throw new StaleLinkError();
    const target = await alerts.pollTargets.add(
      // The first poll announces incidents that began after this read and were not on it, so an outage
      // starting between this reply and that poll is not mistaken for history.
      {
        apiTeamId: team.id,
        token,
        tokenRef: ref,
        subscriber: id,
        baseline: { at: readAt, seen: down.seen },
        slow: input.slow,
      },
      deps.clock.now(),
    );
    const result = await alerts.subscriptions.create({
      workspace: ws,
      channelId: input.channelId,
      apiTeamId: team.id,
      filters,
      mention,
      subscriber: { userId: ref.userId, apiUserId: session.link.apiUserId },
      target,
      ...(input.rules ? { rules: input.rules } : {}),
      ...(input.digest ? { digest: input.digest } : {}),
      ...(input.escalateMinutes !== undefined ? { escalateMinutes: input.escalateMinutes } : {}),
      ...(steps ? { escalateSteps: steps } : {}),
      ...(input.options ? { options: input.options } : {}),
      ...(input.slow ? { slow: input.slow } : {}),
      // The quiet hours' alerts go into the thread of this subscribe message.
      ...(personal ? { personal: { ...personal, ...quietThread(announced.ts, existing) } } : {}),
    });
    // The digest's schedule follows the subscription: a re-subscribe without --digest removes it.
    await alerts.digests.schedule(result.subscription);
    // A re-subscribe with a new token moved it to another target: leave the old one.
    if (result.previousTarget) await alerts.pollTargets.remove(result.previousTarget, id);
    deps.logger.info(
      { subscription: id, channel: input.channelId, apiTeamId: team.id, change: preview.change },
      "channel subscribed",
    );
    return { kind: "subscribed", subscription: result.subscription, preview };
  });
}

/**
 * The thread the quiet hours' alerts go into: the new subscribe message, or when Slack's answer to it was
 * lost (a timeout) the one of the subscription it replaces.
 */
function quietThread(announcedTs: string | undefined, existing: Subscription | null): { threadTs?: string } {
  const threadTs = announcedTs ?? existing?.personal?.threadTs;
  return threadTs ? { threadTs } : {};
}

/**
 * `--escalate` steps as stored; undefined for none or the one plain step (escalateMinutes alone). A
 * personal subscription's steps ping nobody, like its alerts: they stay quiet replies in the person's DM.
 */
function escalationSteps(
  input: SubscribeInput,
): EscalationStep[] | { missingId: true; handle: string } | undefined {
  if (!input.escalateSteps || input.escalateSteps.length === 0) return undefined;
  const steps: EscalationStep[] = [];
  for (const step of input.escalateSteps) {
    const mention = input.personal ? null : storedMention(step.mention);
    if (mention && "missingId" in mention) return mention;
    steps.push(mention ? { minutes: step.minutes, mention } : { minutes: step.minutes });
  }
  return steps;
}

function storedMention(
  mention: MentionArgument | undefined,
): Mention | { missingId: true; handle: string } | null {
  if (!mention) return null;
  if (mention.kind === "user")
    return mention.name
      ? { kind: "user", id: mention.id, name: mention.name }
      : { kind: "user", id: mention.id };
  if (mention.kind !== "usergroup") return { kind: mention.kind };
  // Slack escapes a usergroup picked from the autocomplete as <!subteam^ID|@handle>; typed as plain text it
  // arrives without the id, and `<!subteam^…>` needs the id to ping anyone.
  if (!mention.id) return { missingId: true, handle: mention.handle };
  return { kind: "usergroup", id: mention.id, handle: mention.handle };
}

async function resolveMonitors(
  api: UptimeApi,
  teamId: string,
  queries: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const found = await Promise.all(queries.map((query) => resolveMonitor(api, teamId, query)));
  return found.map((monitor) => ({ id: monitor.id, name: monitor.name }));
}

/** Group names as the team spells them (A7 `GET /teams/{id}/groups`, id = name); suggestions on a miss. */
async function resolveGroups(api: UptimeApi, teamId: string, queries: readonly string[]): Promise<string[]> {
  if (queries.length === 0) return [];
  const groups: Group[] = await api.groups.list(teamId);
  return queries.map((query) => {
    const found = matchGroup(groups, query);
    if (found) return found.name;
    const suggestions = closestMatches(
      query,
      groups.map((g) => ({ id: g.name, name: g.name })),
    ).map((g) => g.name);
    throw new GroupNotFoundError(query, suggestions);
  });
}

/** Open, non-maintenance incidents of page 1 that the filters cover, with their monitors' names. */
async function downNow(
  api: UptimeApi,
  teamId: string,
  filters: SubscriptionFilters,
): Promise<{ items: DownNow[]; more: boolean; seen: string[] }> {
  const page = await api.teams.incidents(teamId, { include: ["monitor"] }); // A6
  const open = page.items.filter((incident) => incident.open && !incident.maintenance);
  const covered = open.filter((incident) => matchesFilters(filters, incident));
  const missing = covered.filter((i) => !i.monitor && i.monitorId !== null).map((i) => i.monitorId!);
  const names = await monitorNames(api, missing);
  return {
    items: covered.map((incident) => ({
      incidentId: incident.id,
      monitorId: incident.monitorId,
      monitorName:
        incident.monitor?.name ?? (incident.monitorId ? (names.get(incident.monitorId) ?? null) : null),
      started: incident.started,
      reason: incident.reason,
      acknowledged: incident.acknowledged !== null,
    })),
    // Page 1 holds the newest incidents; when every one of them is open, older open ones may follow.
    more: page.hasMore && open.length === page.items.length,
    seen: page.items.map((incident) => incident.id),
  };
}
