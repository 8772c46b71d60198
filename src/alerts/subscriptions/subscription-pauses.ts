import { channelCanBeTold, type PauseReason, SELF_RESUMING_PAUSE_REASONS } from "../../domain/pause-reasons";
import { type Logger, silentLogger } from "../../lib/logger";
import type { PosterFor } from "../../slack/slack-poster";
import type { LinkStore } from "../../store/link-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import {
  type PauseNotice,
  renderPauseChannelNote,
  renderPauseDirectMessage,
} from "../../ui/render-paused-notice";

export interface SubscriptionPausesDeps {
  subscriptions: Pick<SubscriptionStore, "pause" | "resume" | "markPauseNotified">;
  links: Pick<LinkStore, "get">;
  posterFor: PosterFor;
  logger?: Logger;
  appMention?: string;
}

// Told once: only the caller whose script changed the state posts; a failed message is logged, not retried.
export class SubscriptionPauses {
  private readonly d: SubscriptionPausesDeps;
  private readonly logger: Logger;

  constructor(deps: SubscriptionPausesDeps) {
    this.d = deps;
    this.logger = (deps.logger ?? silentLogger).child({ component: "subscription-pauses" });
  }

  async pause(sub: Subscription, reason: PauseReason): Promise<boolean> {
    if (!(await this.d.subscriptions.pause(sub.id, reason))) return false;
    this.logger.warn({ subscription: sub.id, channel: sub.channelId, reason }, "alert subscription paused");
    if (await this.tell(sub, "paused", reason)) await this.d.subscriptions.markPauseNotified(sub.id);
    return true;
  }

  /** A pause for a Slack error or a departed subscriber stays: only `/uptime subscribe` lifts it. */
  async resume(sub: Subscription): Promise<boolean> {
    const reason = sub.paused?.reason;
    if (!reason || !(await this.d.subscriptions.resume(sub.id, SELF_RESUMING_PAUSE_REASONS))) return false;
    this.logger.info({ subscription: sub.id, channel: sub.channelId, reason }, "alert subscription resumed");
    await this.tell(sub, "resumed", reason);
    return true;
  }

  private async tell(
    sub: Subscription,
    change: PauseNotice["change"],
    reason: PauseReason,
  ): Promise<boolean> {
    try {
      const poster = await this.d.posterFor(sub.workspace);
      const link = await this.d.links
        .get({ ...sub.workspace, userId: sub.subscriber.userId })
        .catch(() => null);
      const notice: PauseNotice = {
        change,
        reason,
        channelId: sub.channelId,
        teamName: link?.teams.find((t) => t.id === sub.apiTeamId)?.name ?? null,
        appMention: this.d.appMention ?? "@Uptime",
        personal: sub.personal !== undefined,
      };
      // A personal subscription's channel is the subscriber's DM: the direct message below is the one note.
      if (channelCanBeTold(reason) && !sub.personal) {
        await poster
          .postMessage({ channel: sub.channelId, ...renderPauseChannelNote(notice) })
          .catch((error: unknown) =>
            this.logger.warn(
              { err: error, subscription: sub.id },
              `could not say "${change}" in the channel`,
            ),
          );
      }
      // Someone offboarded (no link left) is not written to: a deactivated account reads nothing.
      if (reason === "subscriber_left" && !link) return true;
      await poster.postDirectMessage(sub.subscriber.userId, renderPauseDirectMessage(notice));
      return true;
    } catch (error) {
      this.logger.warn({ err: error, subscription: sub.id }, `could not tell the subscriber "${change}"`);
      return false;
    }
  }
}
