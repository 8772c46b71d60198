import type { Clock } from "../../../lib/clock";
import type {
  AlertMessageRecord,
  AlertMessageStore,
  MonitorAlertState,
  StoredAlertView,
} from "../../../store/alert-message-store";
import type { IncidentNoteStore } from "../../../store/incident-note-store";
import type { MuteStore } from "../../../store/mute-store";
import type { RotaStore } from "../../../store/rota-store";
import type { Subscription } from "../../../store/subscription-store";
import type { WebLinks } from "../../../ui/web-links";
import { ALERT_EVENT_TYPE, alertMetadata, incidentMatcher } from "../../engine/alert-metadata";
import type { RunbookLookup } from "../../engine/alert-parts";
import type { ChannelCtx, ChannelPosting } from "../../engine/channel-posting";
import { resolveOncall } from "../../engine/oncall-mention";
import type { AlertMetrics } from "../../metrics";
import type { OutboxEvent } from "../../model";
import { type AlertRootInput, renderAlertRoot } from "./render-alert-root";

export interface IncidentDrawingDeps {
  messages: Pick<AlertMessageStore, "put" | "getMonitor" | "putMonitor">;
  mutes: Pick<MuteStore, "get">;
  posting: ChannelPosting;
  clock: Clock;
  metrics: AlertMetrics;
  webLinks: WebLinks | undefined;
  /** The channels' rotas: `oncall` pings the person on call when the root is posted. */
  rotas?: Pick<RotaStore, "get"> | undefined;
  /** The incident's notes: counted on its root, and the root indexed for the message shortcut. */
  notes?: Pick<IncidentNoteStore, "count" | "indexRoot"> | undefined;
  runbooks: RunbookLookup;
}

/** One render path, whether an outbox event or a click moved the record on. */
export class IncidentDrawing {
  constructor(private readonly d: IncidentDrawingDeps) {}

  /**
   * Posts a record's message once and stores its ts. `opening`: what the caller read under this lock for a
   * new root: the monitor's flap state, and that the gate found it unmuted (else both are read here).
   */
  async postRecord(
    ctx: ChannelCtx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
    opening?: { monitor: MonitorAlertState; unmuted: true },
  ): Promise<AlertMessageRecord & { ts: string }> {
    const incidentId = record.view.incident.id;
    // A new root has no note to show yet (a note added meanwhile redraws it); else both read together.
    const [muted, noteCount] = opening?.unmuted
      ? [null, 0]
      : await Promise.all([this.muteShown(ctx, record), this.noteCount(ctx, record)]);
    const ping =
      record.stage === "open" ? await resolveOncall(this.d.rotas, ctx, mention, this.d.clock.now()) : null;
    const rendered = await this.render(ctx, record, ping, muted, noteCount);
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
    const { monitorId } = record.view.incident;
    // The ts and the monitor's last root written together: a retry finds the post by metadata either way.
    const known =
      record.mode === "root"
        ? (opening?.monitor ?? (await this.d.messages.getMonitor(ctx.ws, ctx.channel, monitorId)))
        : null;
    await Promise.all([
      this.d.messages.put(ctx.ws, ctx.channel, incidentId, stored),
      known
        ? this.d.messages.putMonitor(ctx.ws, ctx.channel, monitorId, {
            ...known,
            lastRoot: { ts, incidentId },
          })
        : null,
      record.mode === "root" ? this.d.notes?.indexRoot(ctx.ws, ctx.channel, ts, incidentId) : null,
    ]);
    if (posted && record.stage === "open") {
      this.d.metrics.deliveryLatency(
        (this.d.clock.now() - startedMs(record.view, this.d.clock.now())) / 1000,
      );
    }
    return stored;
  }

  /** Redraws the posted message `ts` from the record (never with a mention: an update does not notify). */
  async updateRoot(ctx: ChannelCtx, record: AlertMessageRecord, ts: string): Promise<void> {
    const [muted, notes] = await Promise.all([this.muteShown(ctx, record), this.noteCount(ctx, record)]);
    const rendered = await this.render(ctx, record, null, muted, notes);
    await this.d.posting.update(ctx, { channel: ctx.channel, ts, ...rendered });
  }

  /** A count that cannot be read shows none: the alert matters more than its notes. */
  private async noteCount(ctx: ChannelCtx, record: AlertMessageRecord): Promise<number> {
    if (!this.d.notes || (record.mode !== "root" && record.mode !== "thread")) return 0;
    return this.d.notes.count(ctx.ws, record.view.incident.id).catch(() => 0);
  }

  /** The mute a root message shows: the monitor's live mute in the channel, until it recovers. */
  private async muteShown(ctx: ChannelCtx, record: AlertMessageRecord): Promise<AlertRootInput["muted"]> {
    if (record.mode !== "root" || record.stage === "resolved") return null;
    const mute = await this.d.mutes.get(ctx.ws, ctx.channel, record.view.incident.monitorId);
    return mute ? { until: mute.until, by: mute.by, untilRecovered: Boolean(mute.untilRecovered) } : null;
  }

  private async render(
    ctx: ChannelCtx,
    record: AlertMessageRecord,
    mention: Subscription["mention"],
    muted: AlertRootInput["muted"],
    notes: number,
  ) {
    const { view } = record;
    const runbooks = await this.d.runbooks({
      apiTeamId: view.apiTeamId,
      monitorId: view.incident.monitorId,
      group: view.monitor?.group,
    });
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
      notes: record.notes ? Object.values(record.notes) : undefined,
      muted,
      noteCount: notes,
      links: this.d.webLinks,
      runbooks,
      now: this.d.clock.now(),
    });
  }
}

/** The view a message is drawn from: the event's, keeping what an older view knew that this one lacks. */
export function viewOf(event: OutboxEvent, previous: StoredAlertView | null): StoredAlertView {
  const incident = { ...event.incident };
  if (previous) {
    incident.ended ??= previous.incident.ended;
    incident.acknowledged ??= previous.incident.acknowledged;
  }
  const teamMonitorCount = event.teamMonitorCount ?? previous?.teamMonitorCount;
  const teamName = event.teamName ?? previous?.teamName;
  return {
    apiTeamId: event.apiTeamId,
    incident,
    monitor: event.monitor ?? previous?.monitor ?? null,
    failingLocations:
      event.failingLocations.length > 0 || !previous ? event.failingLocations : previous.failingLocations,
    ...(teamMonitorCount !== undefined ? { teamMonitorCount } : {}),
    ...(teamName !== undefined ? { teamName } : {}),
  };
}

/** When the incident started (ms), or `fallback` when the API's timestamp does not parse. */
export function startedMs(view: StoredAlertView, fallback: number): number {
  const started = Date.parse(view.incident.started);
  return Number.isFinite(started) ? started : fallback;
}
