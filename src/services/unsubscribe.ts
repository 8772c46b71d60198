import type { UserRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import { closestMatches } from "../lib/closest-matches";
import type { Subscription } from "../store/subscription-store";
import { requireCurrentMember, requireLinked, takeOverAction } from "./alerts-permission";
import { MonitorNotFoundError } from "./errors";
import { monitorIdOf } from "./find-monitor";
import { type SubscriptionView, toViews } from "./list-subscriptions";
import { monitorNames } from "./monitor-names";
import type { ServiceDeps } from "./service-deps";
import { requireAlerts } from "./service-deps";
import { withSession } from "./session";

export interface UnsubscribeInput {
  channelId: string;
  /** Every subscription of the channel. */
  all: boolean;
  /** Monitor names or ids, as typed. */
  monitors: readonly string[];
  groups: readonly string[];
}

export type UnsubscribeOutcome =
  | { kind: "removed"; removed: SubscriptionView[]; all: boolean }
  /** No subscription of the channel has exactly these filters; `remaining` are the channel's. */
  | { kind: "none"; remaining: SubscriptionView[] };

/**
 * `/uptime unsubscribe`: without filters the channel's subscription without filters, with filters the one
 * whose filters are exactly these (per API team: several teams may match), `all` every one. Alerts must not
 * go quiet behind the channel's back (docs/architecture.md section 1): the caller must be a linked member of the API
 * team of every subscription removed, as the API says now, and removing one someone else set up needs the
 * role that replacing it needs; else nothing is removed. The listener tells the channel who did it.
 * Each removed subscription leaves its poll target; the target's last subscriber removes it.
 */
export async function unsubscribe(
  deps: ServiceDeps,
  ref: UserRef,
  input: UnsubscribeInput,
): Promise<UnsubscribeOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "unsubscribe");
  const ws = workspaceOf(ref);
  const inChannel = await alerts.subscriptions.listByChannel(ws, input.channelId);
  // Views first: after the delete the links and names are still worth showing.
  const chosen = input.all ? inChannel : await matching(deps, ref, inChannel, input);
  if (chosen.length === 0) return { kind: "none", remaining: await toViews(deps, ref, inChannel) };
  const removed = await toViews(deps, ref, chosen);
  const teamNames = new Map(removed.map((view) => [view.id, view.teamName]));
  for (const sub of chosen) {
    const team = { id: sub.apiTeamId, name: teamNames.get(sub.id) ?? null };
    await requireCurrentMember(deps, ref, link, team, takeOverAction(sub, ref, "remove"));
  }
  for (const sub of chosen) {
    await alerts.subscriptions.delete(sub.id);
    await alerts.pollTargets.remove(sub.target, sub.id);
    await alerts.digests.unschedule(sub.id);
  }
  deps.logger.info(
    { channel: input.channelId, removed: chosen.map((sub) => sub.id), all: input.all },
    "channel unsubscribed",
  );
  return { kind: "removed", removed, all: input.all };
}

async function matching(
  deps: ServiceDeps,
  ref: UserRef,
  subscriptions: readonly Subscription[],
  input: UnsubscribeInput,
): Promise<Subscription[]> {
  const monitorIds = new Set(await monitorIdsOf(deps, ref, subscriptions, input.monitors));
  const groups = new Set(input.groups.map((g) => g.trim().toLowerCase()));
  return subscriptions.filter(
    (sub) =>
      sameSet(new Set(sub.filters.monitors), monitorIds) &&
      sameSet(new Set(sub.filters.groups.map((g) => g.toLowerCase())), groups),
  );
}

/**
 * Ids of the typed monitors. An id (`12`, `#12`) is taken as is; a name is matched against the names of the
 * monitors this channel's subscriptions filter on, read with the caller's token (so a name needs a link).
 */
async function monitorIdsOf(
  deps: ServiceDeps,
  ref: UserRef,
  subscriptions: readonly Subscription[],
  queries: readonly string[],
): Promise<string[]> {
  const byName = queries.filter((q) => monitorIdOf(q) === null);
  const ids = queries.flatMap((q) => monitorIdOf(q) ?? []);
  if (byName.length === 0) return ids;
  const subscribed = [...new Set(subscriptions.flatMap((sub) => sub.filters.monitors))];
  // The names come with the caller's own token: not linked or stale answers as for any other command.
  const names = await withSession(deps, ref, (session) => monitorNames(session.api, subscribed));
  const candidates = [...names].map(([id, name]) => ({ id, name }));
  for (const query of byName) {
    const q = query.trim().toLowerCase();
    const exact = candidates.filter((c) => c.name.toLowerCase() === q);
    const partial = candidates.filter((c) => c.name.toLowerCase().includes(q));
    const found = exact.length > 0 ? exact : partial.length === 1 ? partial : [];
    if (found.length === 0) {
      throw new MonitorNotFoundError(
        query,
        closestMatches(query, candidates).map((c) => c.name),
      );
    }
    ids.push(...found.map((c) => c.id));
  }
  return ids;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((value) => b.has(value));
}
