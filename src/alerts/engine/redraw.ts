import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { PosterFor } from "../../slack/slack-poster";
import type { AlertMessageRecord, AlertMessageStore, ChannelLock } from "../../store/alert-message-store";
import type { MuteStore } from "../../store/mute-store";
import type { OutboxStore } from "../../store/outbox-store";
import type { IncidentDrawing } from "../kinds/incident/incident-drawing";
import type { IncidentReplies } from "../kinds/incident/incident-replies";
import { renderMuteReply } from "../kinds/incident/render-incident-replies";
import type { RedrawEvent } from "../kinds/redraw/redraw-event";
import type { StormRollup } from "../kinds/storm/storm-rollup";
import { ChannelBusyError, type ChannelCtx, type ChannelPosting } from "./channel-posting";
import { scheduleTarget } from "./schedules/schedule-targets";

export interface AcknowledgedInSlack {
  workspace: WorkspaceRef;
  /** The channel of the clicked alert message; absent for `/uptime ack`, App Home and the incident lists. */
  channelId?: string | undefined;
  incidentId: string;
  ackedBy: string;
}

export interface MuteChangedInSlack {
  workspace: WorkspaceRef;
  channelId: string;
  monitorId: string;
  change?: { kind: "muted" | "unmuted"; by: string } | undefined;
}

export interface AcknowledgeFanOutDeps {
  outbox: Pick<OutboxStore, "append">;
  outboxKeyOf: (target: string) => string;
}

export interface RedrawDeps {
  messages: Pick<
    AlertMessageStore,
    "get" | "put" | "getMonitor" | "addTimeline" | "setAckedBy" | "incidentChannels"
  >;
  mutes: Pick<MuteStore, "mutedUntil">;
  posterFor: PosterFor;
  posting: ChannelPosting;
  lock: (ws: WorkspaceRef, channel: string) => Promise<ChannelLock | null>;
  drawing: IncidentDrawing;
  replies: IncidentReplies;
  rollup: StormRollup;
  clock: Clock;
  /** The incident's channel, if one was opened, hears the acknowledge as the alert's thread does. */
  follow?: ((ctx: ChannelCtx, incidentId: string) => Promise<void>) | undefined;
  /** Where an acknowledge's redraw events go, one per other channel; absent, only the clicked one is redrawn. */
  fanOut?: AcknowledgeFanOutDeps | undefined;
}

/** Clicks redraw through the same render path as outbox events; Slack errors go to the click's listener. */
export class Redraw {
  constructor(private readonly d: RedrawDeps) {}

  /** The clicked channel is redrawn at once, every other one through the outbox. Slack errors are thrown. */
  async acknowledged(ack: AcknowledgedInSlack): Promise<void> {
    await this.d.messages.setAckedBy(ack.workspace, ack.incidentId, ack.ackedBy);
    if (this.d.fanOut) await this.fanOut(this.d.fanOut, ack);
    if (ack.channelId) await this.afterAcknowledge(ack as AcknowledgedInSlack & { channelId: string });
  }

  /** Every channel's message of the incident drawn again through the outbox (a note changes its root). */
  async redrawIncident(input: { workspace: WorkspaceRef; incidentId: string }): Promise<void> {
    if (this.d.fanOut) await this.fanOut(this.d.fanOut, input);
  }

  // One redraw entry per other channel, so each shows the acknowledge (or, without ackedBy, whatever else
  // changed on its record's drawing) at once, under its lock with retries.
  private async fanOut(
    out: AcknowledgeFanOutDeps,
    ack: { workspace: WorkspaceRef; incidentId: string; ackedBy?: string; channelId?: string | undefined },
  ): Promise<void> {
    const channels = await this.d.messages.incidentChannels(ack.workspace, ack.incidentId);
    await Promise.all(
      channels
        .filter((c) => c.channelId !== ack.channelId)
        .map(({ subscriptionId }) => {
          const target = scheduleTarget("redraw", subscriptionId);
          const event: RedrawEvent = {
            type: "redraw",
            subscriptionId,
            incidentId: ack.incidentId,
            ...(ack.ackedBy ? { ackedBy: ack.ackedBy } : {}),
          };
          return out.outbox.append(out.outboxKeyOf(target), target, JSON.stringify(event));
        }),
    );
  }

  /** Keeps ackedBy, so the poller's later "acknowledged" event changes nothing. */
  async afterAcknowledge(input: AcknowledgedInSlack & { channelId: string }): Promise<boolean> {
    const { workspace: ws, channelId: channel, incidentId, ackedBy } = input;
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

  /** Under the caller's lock; `unchanged` when it already shows this acknowledge and its reply. */
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
    // leaves the view as it is, and a kind that says how long ago needs it.
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

  /** Under the caller's lock: the incident's message drawn again from its record, whatever its stage. */
  async redrawIn(ctx: ChannelCtx, incidentId: string): Promise<"updated" | "skipped"> {
    const record = await this.d.messages.get(ctx.ws, ctx.channel, incidentId);
    if (!record?.ts || (record.mode !== "root" && record.mode !== "thread")) return "skipped";
    await this.d.drawing.updateRoot(ctx, record, record.ts);
    return "updated";
  }

  /** False when the channel has no open message of the monitor. */
  async afterMuteChange(input: MuteChangedInSlack): Promise<boolean> {
    const { workspace: ws, channelId: channel, monitorId } = input;
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
    const lock = await this.d.lock(ws, channel);
    if (!lock) throw new ChannelBusyError(`channel ${channel} is busy`);
    return lock;
  }
}
