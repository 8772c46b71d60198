import type { UserRef } from "../domain/workspace-ref";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { Incident, Monitor, MonitorCounters } from "../uptime";
import { NoTeamError, NotLinkedError, StaleLinkError } from "./errors";
import { listUserSubscriptions, type SubscriptionView } from "./list-subscriptions";
import type { ServiceDeps } from "./service-deps";
import { type UserSession, withSession } from "./session";
import { teamOverview } from "./team-overview";

/** A list cut to what one API page holds, with how many there are in all (null when unknown). */
export interface Slice<T> {
  items: T[];
  total: number | null;
}

/** Everything App Home shows, for renderHome. */
export type HomeData =
  | { kind: "unlinked" }
  | { kind: "stale"; link: LinkRecord }
  | { kind: "no-team"; link: LinkRecord }
  | {
      kind: "linked";
      link: LinkRecord;
      team: ApiTeam;
      counters: MonitorCounters | null;
      down: Slice<Monitor>;
      openIncidents: Slice<Incident>;
      /** The user's own subscriptions; null without the alerts module or when listing them failed. */
      subscriptions: SubscriptionView[] | null;
    };

/**
 * App Home for one user: their active team's counters (`GET /teams/{id}` meta.monitorCounters), the monitors
 * that are down (A9 `filter[state]=-10`, first page), every open incident with its monitor (openIncidents:
 * pages up to the cap; `total` null when the cap was hit), and their subscriptions, in parallel.
 * API failures other than 401 propagate; the caller shows them on the Home tab.
 */
export async function homeData(deps: ServiceDeps, ref: UserRef): Promise<HomeData> {
  try {
    return await withSession(deps, ref, async (session): Promise<HomeData> => {
      const { api, team, link } = session;
      const [{ details, down, openIncidents: open }, subscriptions] = await Promise.all([
        teamOverview(api, team),
        subscriptionsOf(deps, session),
      ]);
      return {
        kind: "linked",
        link,
        team,
        counters: details.counters,
        down: { items: down.items, total: down.meta.total ?? details.counters?.down ?? null },
        openIncidents: { items: open.items, total: open.capped ? null : open.items.length },
        subscriptions,
      };
    });
  } catch (error) {
    if (error instanceof NotLinkedError) return { kind: "unlinked" };
    if (error instanceof StaleLinkError) {
      const link = await deps.links.get(ref);
      return link ? { kind: "stale", link } : { kind: "unlinked" };
    }
    if (error instanceof NoTeamError) {
      const link = await deps.links.get(ref);
      return link ? { kind: "no-team", link } : { kind: "unlinked" };
    }
    throw error;
  }
}

async function subscriptionsOf(deps: ServiceDeps, session: UserSession): Promise<SubscriptionView[] | null> {
  if (!deps.alerts) return null;
  try {
    return await listUserSubscriptions(deps, session);
  } catch (err) {
    deps.logger.warn({ err }, "listing subscriptions for App Home failed");
    return null;
  }
}
