import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { LinkStore } from "../../store/link-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import { type UserRef, workspaceOf } from "../../store/workspace";
import type { UptimeClient } from "../../uptime";
import type { ResolveToken } from "../poll/poll-api-cache";
import type { ConfirmedRejection, PollHooks } from "../poll/poll-once";
import type { AddPollTargetInput } from "../poll/poller";
import type { SubscriptionPauses } from "./subscription-pauses";

export interface PollHookDeps {
  links: Pick<LinkStore, "getToken" | "markStale">;
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled" | "listByWorkspace" | "moveTarget">;
  pauses: Pick<SubscriptionPauses, "pause" | "resume">;
  pollTargets: {
    add(input: AddPollTargetInput, now: number): Promise<string>;
    remove(target: string, subscriber: string): Promise<number>;
  };
  /** Checks a candidate token before the subscriptions move onto it. */
  client: Pick<UptimeClient, "as">;
  clock: Clock;
  logger: Logger;
}

/** The poller's token look-up and its hooks: links and subscriptions, seen from the poll side. */
export function pollHooks(deps: PollHookDeps): Required<PollHooks> & { resolveToken: ResolveToken } {
  const log = deps.logger.child({ component: "poll-hooks" });
  return {
    /**
     * The subscriber's token from their link; null when unlinked or stale (the poller then treats the
     * target like a rejected token). A token that cannot be decrypted (its key was removed) is as good as
     * gone: the subscriber is asked to link again rather than the target failing forever.
     */
    async resolveToken(meta) {
      try {
        return await deps.links.getToken(meta.tokenRef);
      } catch (err) {
        log.error({ err: (err as Error).name, apiTeamId: meta.apiTeamId }, "subscriber token unreadable");
        return null;
      }
    },

    /**
     * A confirmed rejection (DESIGN.md section 5, "Never silent"). Only a 401 that `GET /users/me`
     * confirmed drops the token (the link turns stale: `/uptime login` again). Then another linked
     * subscriber's token of the same team takes the subscriptions over; only when there is none are they
     * paused, each said once in its channel and to its subscriber. The target stays paused and is
     * re-checked every 5 minutes: a token that works again resumes them (onRecovered).
     */
    async onTokenRejected(rejection) {
      if (rejection.kind === "unauthorized") await deps.links.markStale(rejection.meta.tokenRef);
      // An unreadable record (the delivery dead-letters its events) must not keep the others unpaused.
      const { subscriptions } = await deps.subscriptions.listByTargetSettled(rejection.target);
      if (subscriptions.length > 0 && (await takeOver(deps, rejection, subscriptions))) return "moved";
      for (const sub of subscriptions) await deps.pauses.pause(sub, rejection.reason);
      log.warn(
        { target: rejection.target, reason: rejection.reason, subscriptions: subscriptions.length },
        "poll target's token rejected: subscriptions paused",
      );
      return "paused";
    },

    async onRecovered(target) {
      const { subscriptions } = await deps.subscriptions.listByTargetSettled(target);
      for (const sub of subscriptions) if (sub.paused) await deps.pauses.resume(sub);
    },

    // The subscribe reply already summarised what is down; the baseline itself posts nothing.
    onBaseline(target, openIncidents) {
      log.info({ target, open: openIncidents.length }, "subscription baseline taken");
    },
  };
}

/**
 * Moves the target's subscriptions onto the first other subscriber (same Slack workspace, same API team)
 * whose token still reads the team: their own target when they have one (it keeps its state), else a new
 * one whose baseline announces what began since the rejections started and was not tracked already.
 * True when moved; the rejected target goes with its last subscriber.
 */
async function takeOver(
  deps: PollHookDeps,
  rejection: ConfirmedRejection,
  subscriptions: readonly Subscription[],
): Promise<boolean> {
  const { target, meta } = rejection;
  const rejectedUser = meta.tokenRef.userId;
  const workspace = workspaceOf(meta.tokenRef);
  const candidates = new Map<string, UserRef>();
  // One unreadable record in the workspace leaves no take-over: the subscriptions pause instead.
  const all = await deps.subscriptions.listByWorkspace(workspace).catch(() => []);
  for (const sub of all) {
    const userId = sub.subscriber.userId;
    if (sub.apiTeamId !== meta.apiTeamId || sub.target === target || userId === rejectedUser) continue;
    if (!sub.paused) candidates.set(userId, { ...workspace, userId });
  }
  for (const ref of candidates.values()) {
    const token = await deps.links.getToken(ref).catch(() => null);
    if (!token) continue;
    try {
      await deps.client.as(token).teams.get(meta.apiTeamId);
    } catch {
      continue;
    }
    const seen = rejection.state ? Object.keys(rejection.state.tracked) : [];
    const now = deps.clock.now();
    for (const sub of subscriptions) {
      const next = await deps.pollTargets.add(
        {
          apiTeamId: meta.apiTeamId,
          token,
          tokenRef: ref,
          subscriber: sub.id,
          baseline: { at: rejection.streak.since, seen },
        },
        now,
      );
      await deps.subscriptions.moveTarget(sub.id, next);
      await deps.pollTargets.remove(target, sub.id);
    }
    deps.logger.warn(
      { target, apiTeamId: meta.apiTeamId, subscriptions: subscriptions.length, to: ref.userId },
      "rejected token: subscriptions moved to another subscriber's token of the team",
    );
    return true;
  }
  return false;
}
