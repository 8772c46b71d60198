import type { Clock } from "../../../lib/clock";
import type { AlertMessageRecord, AlertMessageStore } from "../../../store/alert-message-store";
import type { MuteStore } from "../../../store/mute-store";
import type { Subscription } from "../../../store/subscription-store";
import type { WebLinks } from "../../../ui/web-links";
import { ALERT_EVENT_TYPE, alertMetadata, incidentMatcher } from "../../engine/alert-metadata";
import type { ChannelCtx, ChannelPosting } from "../../engine/channel-posting";
import type { AlertMetrics } from "../../metrics";
import { startedMs } from "./incident-view";
import { type AlertRootInput, renderAlertRoot } from "./render-alert-root";

export interface IncidentDrawingDeps {
  messages: Pick<AlertMessageStore, "put" | "getMonitor" | "putMonitor">;
  mutes: Pick<MuteStore, "get">;
  posting: ChannelPosting;
  clock: Clock;
  metrics: AlertMetrics;
  webLinks: WebLinks | undefined;
}

/** One render path, whether an outbox event or a click moved the record on. */
export class IncidentDrawing {
  constructor(private readonly d: IncidentDrawingDeps) {}

  /** An attempt without a ts may have posted: look it up by metadata first. */
  async postRecord(
    ctx: ChannelCtx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
  ): Promise<AlertMessageRecord & { ts: string }> {
    const incidentId = record.view.incident.id;
    const muted = await this.muteShown(ctx, record);
    const rendered = this.render(ctx, record, record.stage === "open" ? mention : null, muted);
    const { ts, posted } = await this.d.posting.postOnce(ctx, {
      attempt: record.attempt,
      eventType: ALERT_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      ...(record.rootOf ? { threadTs: record.rootOf } : {}),
      saveAttempt: (attempt) => this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, attempt }),
      message: {
        channel: ctx.channel,
        ...rendered,
        ...(record.rootOf ? { thread_ts: record.rootOf } : {}),
        metadata: alertMetadata(incidentId, ctx.eventId, ctx.channel),
      },
    });
    const stored = { ...record, ts };
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, stored);
    if (record.mode === "root") {
      const monitor = await this.d.messages.getMonitor(ctx.ws, ctx.channel, record.view.incident.monitorId);
      await this.d.messages.putMonitor(ctx.ws, ctx.channel, record.view.incident.monitorId, {
        ...monitor,
        lastRoot: { ts, incidentId },
      });
    }
    if (posted && record.stage === "open") {
      this.d.metrics.deliveryLatency(
        (this.d.clock.now() - startedMs(record.view, this.d.clock.now())) / 1000,
      );
    }
    return stored;
  }

  /** Redraws the posted message `ts` from the record (never with a mention: an update does not notify). */
  async updateRoot(ctx: ChannelCtx, record: AlertMessageRecord, ts: string): Promise<void> {
    const rendered = this.render(ctx, record, null, await this.muteShown(ctx, record));
    await this.d.posting.update(ctx, { channel: ctx.channel, ts, ...rendered });
  }

  /** The mute a root message shows: the monitor's live mute in the channel, until it recovers. */
  private async muteShown(ctx: ChannelCtx, record: AlertMessageRecord): Promise<AlertRootInput["muted"]> {
    if (record.mode !== "root" || record.stage === "resolved") return null;
    const mute = await this.d.mutes.get(ctx.ws, ctx.channel, record.view.incident.monitorId);
    return mute ? { until: mute.until, by: mute.by, untilRecovered: Boolean(mute.untilRecovered) } : null;
  }

  private render(
    ctx: ChannelCtx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
    muted: AlertRootInput["muted"],
  ) {
    return renderAlertRoot({
      channelId: ctx.channel,
      apiTeamId: record.view.apiTeamId,
      incident: record.view.incident,
      monitor: record.view.monitor,
      stage: record.stage,
      ackedBy: record.ackedBy ?? null,
      failingLocations: record.view.failingLocations,
      mention: record.mode === "root" ? mention : null,
      flapping: record.flapping ?? null,
      muted,
      links: this.d.webLinks,
      now: this.d.clock.now(),
    });
  }
}
