import type { AlertMessageStore } from "../store/alert-message-store";
import type { MuteStore } from "../store/mute-store";
import type { SubscriptionStore } from "../store/subscription-store";
import type { UserRef, WorkspaceRef } from "../store/workspace";

/**
 * What the subscription use cases need beyond the core ServiceDeps. Services may not import src/alerts or
 * Slack (DESIGN.md section 2), so the poll-target naming (src/alerts/poll-target.ts) and the direct message
 * to a subscriber come in as small ports, composed in src/bot.ts.
 */
export interface AlertServiceDeps {
  subscriptions: SubscriptionStore;
  mutes: Pick<MuteStore, "muteFor">;
  /** Read only: the name of a muted monitor, from its last alert message in the channel. */
  messages: Pick<AlertMessageStore, "get" | "getMonitor">;
  pollTargets: PollTargetRegistry;
  /** Tells a subscriber, by DM, that their subscription was paused and how to fix it. */
  notifySubscriptionPaused(notice: SubscriptionPausedNotice): Promise<void>;
}

/** The scheduler side of a subscription: src/alerts/poller.ts addPollTarget / removePollTarget. */
export interface PollTargetRegistry {
  /**
   * Registers `subscriber` (the subscription id) on the poll target of (API team, token), creating it due at
   * `now` on the first subscriber. The token only names the target (a hash); it is never stored there.
   * Returns the target name.
   */
  add(
    input: {
      apiTeamId: string;
      token: string;
      tokenRef: UserRef;
      subscriber: string;
      /** What the subscribe reply read (time, incident ids of page 1): the first poll's baseline. */
      baseline?: { at: number; seen: readonly string[] };
    },
    now: number,
  ): Promise<string>;
  /** Removes a subscriber; the last one removes the target. Returns the subscribers left. */
  remove(target: string, subscriber: string): Promise<number>;
}

/** Why the poller gave up on a subscriber's token. */
export type TokenPauseReason = "token_rejected" | "team_access_lost";

export interface SubscriptionPausedNotice {
  workspace: WorkspaceRef;
  /** The subscriber (the DM goes to them). */
  userId: string;
  channelId: string;
  reason: TokenPauseReason;
  /** The API team's name as the subscriber's link knows it; null when unknown. */
  teamName: string | null;
}

/** The subscription use cases were called without `alerts` in ServiceDeps: a composition mistake. */
export class AlertsNotConfiguredError extends Error {
  override readonly name = "AlertsNotConfiguredError";
  constructor() {
    super("ServiceDeps.alerts is not configured: subscriptions are unavailable");
  }
}

export function requireAlerts(deps: { alerts?: AlertServiceDeps | undefined }): AlertServiceDeps {
  if (!deps.alerts) throw new AlertsNotConfiguredError();
  return deps.alerts;
}
