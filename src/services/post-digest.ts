import type { DigestCadence } from "../domain/digest-cadences";
import type { SubscriptionFilters } from "../domain/subscription-filters";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import { type PermanentSlackErrorCode, SlackPermanentError } from "../slack/slack-errors";
import type { Subscription } from "../store/subscription-store";
import { requireAllowed, requireLinked } from "./alerts-permission";
import type { ServiceDeps } from "./service-deps";
import { requireAlerts } from "./service-deps";
import { withSession } from "./session";

export interface PostDigestInput {
  channelId: string;
  /** Typed after `digest`; else the channel's own digest cadence, else daily. */
  cadence?: DigestCadence | undefined;
  /** The asker's Slack time zone, named when the channel has no digest of its own. */
  timeZone: string;
  /** False: posted without its chart (the asker's share of charts is used up). */
  withChart?: boolean;
}

export type PostDigestOutcome =
  | { kind: "posted"; cadence: DigestCadence }
  /** The app cannot post in the channel (not_in_channel and the like): nothing was posted. */
  | { kind: "unreachable"; error: PermanentSlackErrorCode };

/**
 * `/uptime digest [daily|weekly]`: the channel's digest over the last day or week, posted now in the
 * channel and read with the asker's token, for their active team. It covers what the channel's
 * subscriptions of that team cover (the digest subscription's filters, else all of them together; none:
 * the whole team), so that it shows what the scheduled one will.
 */
export async function postDigest(
  deps: ServiceDeps,
  ref: UserRef,
  input: PostDigestInput,
): Promise<PostDigestOutcome> {
  const alerts = requireAlerts(deps);
  await requireLinked(deps, ref, "digest");
  return withSession(deps, ref, async (session): Promise<PostDigestOutcome> => {
    const team = requireAllowed(session.link.teams, session.team, "digest-now");
    const ws = workspaceOf(ref);
    const subs = (await alerts.subscriptions.listByChannel(ws, input.channelId)).filter(
      (s) => s.apiTeamId === team.id,
    );
    const own = subs.find((s) => s.digest);
    const cadence = input.cadence ?? own?.digest?.cadence ?? "daily";
    try {
      await alerts.digests.postNow({
        workspace: ws,
        channelId: input.channelId,
        requestedBy: ref.userId,
        api: session.api,
        apiTeamId: team.id,
        filters: own ? own.filters : coveredBy(subs),
        cadence,
        timeZone: own?.digest?.timeZone ?? input.timeZone,
        subscriptions: own ? [own, ...subs] : subs,
        withChart: input.withChart ?? true,
      });
    } catch (error) {
      // The digest's poster narrowed Slack's answer (src/slack/slack-call.ts).
      if (error instanceof SlackPermanentError) return { kind: "unreachable", error: error.code };
      throw error;
    }
    return { kind: "posted", cadence };
  });
}

/** What several subscriptions cover together; one without filters (or none at all) covers the team. */
function coveredBy(subs: readonly Subscription[]): SubscriptionFilters {
  const all = { monitors: [], groups: [] };
  if (subs.length === 0 || subs.some((s) => s.filters.monitors.length + s.filters.groups.length === 0))
    return all;
  return {
    monitors: [...new Set(subs.flatMap((s) => s.filters.monitors))],
    groups: [...new Set(subs.flatMap((s) => s.filters.groups))],
  };
}
