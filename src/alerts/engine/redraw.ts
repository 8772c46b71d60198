import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { PosterFor } from "../../slack/slack-poster";
import type { AlertMessageRecord, AlertMessageStore, ChannelLock } from "../../store/alert-message-store";
import type { MuteStore } from "../../store/mute-store";
import type { IncidentDrawing } from "../kinds/incident/incident-drawing";
import type { IncidentReplies } from "../kinds/incident/incident-replies";
import { renderMuteReply } from "../kinds/incident/render-mute-reply";
import type { StormRollup } from "../kinds/storm/storm-rollup";
import { ChannelBusyError, type ChannelCtx, type ChannelPosting } from "./channel-posting";

export interface AcknowledgeInSlack {
  workspace: WorkspaceRef;
  channel: string;
  incidentId: string;
  /** The Slack user who clicked Acknowledge. */
  ackedBy: string;
}

/** A mute of `monitorId` in `channel` was set or lifted from Slack. */
export interface MuteChangeInSlack {
  workspace: WorkspaceRef;
  channel: string;
  monitorId: string;
  /** A mute set or lifted now (the timeline says so, naming `by`); absent: only redraw. */
  change?: { kind: "muted" | "unmuted"; by: string } | undefined;
}

export interface RedrawDeps {
  messages: Pick<AlertMessageStore, "get" | "put" | "getMonitor" | "addTimeline">;
  mutes: Pick<MuteStore, "mutedUntil">;
  posterFor: PosterFor;
  posting: ChannelPosting;
  drawing: IncidentDrawing;
  replies: IncidentReplies;
  rollup: StormRollup;
  clock: Clock;
  /** The incident's channel, if one was opened, hears the acknowledge as the alert's thread does. */
  follow?: ((ctx: ChannelCtx, incidentId: string) => Promise<void>) | undefined;
}

/**
 * A click in Slack (Acknowledge, Mute, Unmute) redraws the alert message at once, through the same render
 * path as the outbox events (docs/architecture.md section 5), under the channel's lock. Slack errors are
 * thrown as typed errors, to the listener that answers the click.
 */
export class Redraw {
  constructor(private readonly d: RedrawDeps) {}

  /**
   * The Acknowledge button's half: redraw the stored message as acknowledged by `ackedBy`, so that the
   * poller's later "acknowledged" event changes nothing (it keeps ackedBy). False when this channel has
   * no message of the incident, or it already recovered.
   */
  async afterAcknowledge(input: AcknowledgeInSlack): Promise<boolean> {
    const { workspace: ws, channel, incidentId, ackedBy } = input;
    const lock = await this.lockOrThrow(ws, channel);
    try {
      const poster = await this.d.posterFor(ws);
      const ctx: ChannelCtx = { ws, channel, poster, lock, eventId: `ack:${ackedBy}` };
      const outcome = await this.acknowledgedIn(ctx, incidentId, ackedBy);
      if (outcome === "skipped") return false;
      // The incident's channel hears the click at once; other channels' redraws never feed it.
      await this.d.follow?.(ctx, incidentId);
      return true;
    } finally {
      await lock.release();
    }
  }

  /**
   * Draws the acknowledge of `ackedBy` on the channel's message of the incident, under the lock the caller
   * holds (a click's, or a redraw event's delivery). `skipped` when the channel has no message of
   * it or it recovered; `unchanged` when it already shows this acknowledge and its thread reply.
   */
  async acknowledgedIn(
    ctx: ChannelCtx,
    incidentId: string,
    ackedBy: string,
  ): Promise<"updated" | "unchanged" | "skipped"> {
    const { ws, channel } = ctx;
    const record = await this.d.messages.get(ws, channel, incidentId);
    if (!record || record.stage === "resolved") return "skipped";
    if (record.stage === "acknowledged" && record.ackedBy === ackedBy && record.ackReplyTs)
      return "unchanged";
    // The click's time until the API's: the poll's later "acknowledged" event is no later stage, so it
    // leaves the view as it is, and a kind that says how long ago (a reminder) needs it.
    const view = record.view.incident.acknowledged
      ? record.view
      : {
          ...record.view,
          incident: { ...record.view.incident, acknowledged: new Date(this.d.clock.now()).toISOString() },
        };
    let next: AlertMessageRecord = { ...record, stage: "acknowledged", ackedBy, view };
    if ((next.mode === "root" || next.mode === "thread") && next.ts)
      await this.d.drawing.updateRoot(ctx, next, next.ts);
    await this.d.messages.put(ws, channel, incidentId, next);
    next = await this.d.replies.replyAcknowledged(ctx, next);
    await this.d.rollup.refreshRollupMember(ctx, next);
    return "updated";
  }

  /**
   * The Mute and Unmute half: redraw the monitor's last root message in the channel from state, so that it
   * shows (or stops showing) "Muted here by @user until ..." with Unmute. False when the channel has no
   * open message of the monitor.
   */
  async afterMuteChange(input: MuteChangeInSlack): Promise<boolean> {
    const { workspace: ws, channel, monitorId } = input;
    const lock = await this.lockOrThrow(ws, channel);
    try {
      const last = (await this.d.messages.getMonitor(ws, channel, monitorId)).lastRoot;
      const record = last ? await this.d.messages.get(ws, channel, last.incidentId) : null;
      if (!record?.ts || record.mode !== "root" || record.stage === "resolved") return false;
      const poster = await this.d.posterFor(ws);
      const ctx: ChannelCtx = { ws, channel, poster, lock, eventId: `mute:${monitorId}` };
      await this.d.drawing.updateRoot(ctx, record, record.ts);
      if (input.change) {
        // The incident's timeline: a direct answer to a click, not an outbox event, so nothing to dedupe.
        const until =
          input.change.kind === "muted" ? await this.d.mutes.mutedUntil(ws, channel, monitorId) : null;
        const rendered = renderMuteReply({
          change: input.change.kind,
          name: await poster.userName(input.change.by),
          ...(until !== null ? { until } : {}),
        });
        await this.d.posting.waitForSlot(ctx);
        await this.d.posting.withRateLimit(ctx, () =>
          poster.postMessage({ channel, ...rendered, thread_ts: record.ts! }),
        );
        await this.d.messages.addTimeline(ws, record.view.incident.id, {
          at: this.d.clock.now(),
          kind: input.change.kind,
          channel,
          by: input.change.by,
          ...(until !== null ? { until } : {}),
        });
      }
      return true;
    } finally {
      await lock.release();
    }
  }

  /** A click is answered now or not at all: a channel another worker keeps busy is an error. */
  private async lockOrThrow(ws: WorkspaceRef, channel: string): Promise<ChannelLock> {
    const lock = await this.d.posting.lock(ws, channel);
    if (!lock) throw new ChannelBusyError(`channel ${channel} is busy`);
    return lock;
  }
}
