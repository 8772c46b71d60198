import type { ServiceDeps } from "../../services/service-deps";
import { requireAlerts, type TokenPauseReason } from "../../services/subscription-ports";
import type { Subscription } from "../../store/subscription-store";
import type { UserRef } from "../../store/workspace";

/**
 * The poller's hooks (src/alerts/poll-once.ts PollHooks and poll-api-cache.ts ResolveToken), implemented
 * here because they are about links and subscriptions. The parameter types are structural copies of the
 * poller's: services may not import src/alerts (DESIGN.md section 2).
 */
export interface PollTargetMetaLike {
  apiTeamId: string;
  /** The subscriber's link (the token lives there, never in the scheduler). */
  tokenRef: UserRef;
}

export type TokenRejection = "unauthorized" | "no_access" | "no_token";

export interface PollHooksImpl {
  resolveToken(meta: PollTargetMetaLike): Promise<string | null>;
  onTokenRejected(target: string, reason: TokenRejection, meta: PollTargetMetaLike | null): Promise<void>;
  onBaseline(target: string, openIncidents: readonly unknown[], meta: PollTargetMetaLike): void;
}

/** What the hooks use: no API client (the poller has its own), no Slack. */
export type PollHookDeps = Pick<ServiceDeps, "links" | "logger" | "alerts">;

export function pollHooks(deps: PollHookDeps): PollHooksImpl {
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
     * A 401 (or a lost link, or a team the token no longer reads): the link is marked stale on a 401, every
     * subscription polled with it is paused, and each subscriber is told once, by DM, how to fix it
     * (`/uptime login`, then `/uptime subscribe` again in the channel, which resumes it).
     */
    async onTokenRejected(target, reason, meta) {
      const alerts = requireAlerts(deps);
      if (reason === "unauthorized" && meta) await deps.links.markStale(meta.tokenRef);
      const pauseReason: TokenPauseReason = reason === "no_access" ? "team_access_lost" : "token_rejected";
      const subscriptions = await alerts.subscriptions.listByTarget(target);
      for (const sub of subscriptions) await pauseAndTell(deps, sub, pauseReason);
      log.warn({ target, reason, subscriptions: subscriptions.length }, "poll target's token rejected");
    },

    // The subscribe reply already summarised what is down; the baseline itself posts nothing.
    onBaseline(target, openIncidents) {
      log.info({ target, open: openIncidents.length }, "subscription baseline taken");
    },
  };
}

async function pauseAndTell(deps: PollHookDeps, sub: Subscription, reason: TokenPauseReason): Promise<void> {
  const alerts = requireAlerts(deps);
  // True only for the first caller: the subscriber hears it once, whatever the replicas and retries.
  if (!(await alerts.subscriptions.pause(sub.id, reason))) return;
  try {
    const link = await deps.links.get({ ...sub.workspace, userId: sub.subscriber.userId });
    const teamName = link?.teams.find((t) => t.id === sub.apiTeamId)?.name ?? null;
    await alerts.notifySubscriptionPaused({
      workspace: sub.workspace,
      userId: sub.subscriber.userId,
      channelId: sub.channelId,
      reason,
      teamName,
    });
    await alerts.subscriptions.markPauseNotified(sub.id);
  } catch (err) {
    // Told once or not at all: a DM that fails (the workspace is gone) is not retried.
    deps.logger.warn({ err, subscription: sub.id }, "could not tell the subscriber about the pause");
  }
}
