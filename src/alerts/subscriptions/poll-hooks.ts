import type { Logger } from "../../lib/logger";
import type { LinkStore } from "../../store/link-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import type { SubscriptionPausedNotice, TokenPauseReason } from "../../ui/alerts/render-paused-notice";
import type { ResolveToken } from "../poll/poll-api-cache";
import type { PollHooks } from "../poll/poll-once";

export type { SubscriptionPausedNotice, TokenPauseReason };

export interface PollHookDeps {
  links: Pick<LinkStore, "getToken" | "markStale" | "get">;
  subscriptions: Pick<SubscriptionStore, "listByTarget" | "pause" | "markPauseNotified">;
  /** Tells a subscriber, by DM, that their subscription was paused and how to fix it. */
  notifySubscriptionPaused(notice: SubscriptionPausedNotice): Promise<void>;
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
     * A 401 (or a lost link, or a team the token no longer reads): the link is marked stale on a 401, every
     * subscription polled with it is paused, and each subscriber is told once, by DM, how to fix it
     * (`/uptime login`, then `/uptime subscribe` again in the channel, which resumes it).
     */
    async onTokenRejected(target, reason, meta) {
      if (reason === "unauthorized" && meta) await deps.links.markStale(meta.tokenRef);
      const pauseReason: TokenPauseReason = reason === "no_access" ? "team_access_lost" : "token_rejected";
      const subscriptions = await deps.subscriptions.listByTarget(target);
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
  // True only for the first caller: the subscriber hears it once, whatever the replicas and retries.
  if (!(await deps.subscriptions.pause(sub.id, reason))) return;
  try {
    const link = await deps.links.get({ ...sub.workspace, userId: sub.subscriber.userId });
    const teamName = link?.teams.find((t) => t.id === sub.apiTeamId)?.name ?? null;
    await deps.notifySubscriptionPaused({
      workspace: sub.workspace,
      userId: sub.subscriber.userId,
      channelId: sub.channelId,
      reason,
      teamName,
    });
    await deps.subscriptions.markPauseNotified(sub.id);
  } catch (err) {
    // Told once or not at all: a DM that fails (the workspace is gone) is not retried.
    deps.logger.warn({ err, subscription: sub.id }, "could not tell the subscriber about the pause");
  }
}
