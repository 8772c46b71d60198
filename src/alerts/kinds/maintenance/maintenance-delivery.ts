import type { AlertMessageRecord } from "../../../store/alert-message-store";
import type { MaintenanceWindow } from "../../../store/maintenance-store";
import type { Subscription } from "../../../store/subscription-store";
import type { EngineServices } from "../../engine/alert-kind";
import type { DeliveryCtx } from "../../engine/channel-posting";
import type { DeliveryOutcome } from "../../metrics";
import type { MaintenanceEvent } from "./maintenance-event";
import { renderMaintenanceNote } from "./render-maintenance-note";

export const MAINTENANCE_EVENT_TYPE = "uptime_maintenance";

/** The engine's services, with its windows (a delivery without them has no maintenance kind to run). */
export type MaintenanceDeliveryDeps = Pick<
  EngineServices,
  "messages" | "mutes" | "subscriptions" | "escalations" | "posting" | "drawing" | "clock" | "gate"
> & { windows: NonNullable<EngineServices["windows"]> };

/** At the end, each held outage still going on gets its alert once (held turns into a root). */
export class MaintenanceDelivery {
  constructor(private readonly d: MaintenanceDeliveryDeps) {}

  async deliver(ctx: DeliveryCtx, event: MaintenanceEvent): Promise<DeliveryOutcome> {
    const window = await this.d.windows.get(ctx.ws, ctx.channel, event.windowId);
    // Cancelled before it started, or expired long ago: nothing to say.
    if (!window) return "skipped";
    if (event.phase === "start") {
      if (window.ended || window.startNoteTs) return "skipped";
      await this.note(ctx, window, "start");
      return "posted";
    }
    // Marked first: an open delivered after this, by a replica whose clock is behind, is alerted at once.
    let current: MaintenanceWindow = window.ended ? window : { ...window, ended: true };
    if (!window.ended) await this.d.windows.put(ctx.ws, ctx.channel, current);
    if (!current.endNoteTs) current = await this.note(ctx, current, "end");
    await this.alertHeld(ctx, current);
    return "posted";
  }

  private async note(
    ctx: DeliveryCtx,
    window: MaintenanceWindow,
    phase: "start" | "end",
  ): Promise<MaintenanceWindow> {
    const rendered = renderMaintenanceNote({
      phase,
      id: window.id,
      scope: window.scope,
      endAt: window.endAt,
      by: window.by,
      reason: window.reason,
      endedBy: window.endedBy,
      teamName: window.teamName,
    });
    const attemptField = phase === "start" ? "startAttempt" : "endAttempt";
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: window[attemptField],
      eventType: MAINTENANCE_EVENT_TYPE,
      matcher: (payload) =>
        payload.window_id === window.id && payload.phase === phase && payload.channel === ctx.channel,
      saveAttempt: (attempt) =>
        this.d.windows.put(ctx.ws, ctx.channel, { ...window, [attemptField]: attempt }),
      message: {
        channel: ctx.channel,
        ...rendered,
        metadata: {
          event_type: MAINTENANCE_EVENT_TYPE,
          event_payload: { window_id: window.id, phase, channel: ctx.channel, event_id: ctx.eventId },
        },
      },
    });
    const latest = (await this.d.windows.get(ctx.ws, ctx.channel, window.id)) ?? window;
    const next = { ...latest, ...(phase === "start" ? { startNoteTs: ts } : { endNoteTs: ts }) };
    await this.d.windows.put(ctx.ws, ctx.channel, next);
    return next;
  }

  /** Each outage held back and still going on: its root now, with its own subscription's mention. */
  private async alertHeld(ctx: DeliveryCtx, window: MaintenanceWindow): Promise<void> {
    const held = await this.d.windows.held(ctx.ws, ctx.channel, window.id);
    for (const [incidentId, subscriptionId] of Object.entries(held).sort(([a], [b]) => a.localeCompare(b))) {
      const record = await this.d.messages.get(ctx.ws, ctx.channel, incidentId);
      if (!record || record.stage === "resolved") continue;
      const heldHere = record.mode === "muted" && record.heldBy === window.id;
      // A root of this window posted by a delivery that crashed before the end: its post is finished (looked
      // up first) like any other, and its escalation steps booked, which that delivery may not have done.
      const released = record.mode === "root";
      if (!heldHere && !released) continue;
      const sub = await this.subscriptionOf(ctx, subscriptionId);
      if (heldHere) {
        // The gate decides now, as for any outage that opens: muted here meanwhile, none; still covered by
        // another window of its team, held by that one until its end.
        const { view } = record;
        const gate = await this.d.gate({
          sub,
          ws: ctx.ws,
          channel: ctx.channel,
          monitor: {
            monitorId: view.incident.monitorId,
            group: view.monitor?.group,
            apiTeamId: view.apiTeamId,
          },
        });
        if (gate.kind === "muted") continue;
        if (gate.kind === "held") {
          await this.d.windows.hold(ctx.ws, ctx.channel, gate.window, incidentId, subscriptionId);
          await this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, heldBy: gate.window.id });
          continue;
        }
      }
      const { heldBy: _held, ...rest } = record;
      const root: AlertMessageRecord = { ...rest, mode: "root" };
      if (!root.ts) await this.d.drawing.postRecord(ctx, root, sub.mention);
      // Escalated from now on, not from the outage's start: the channel only just heard of it (each step
      // of --escalate counts from this post). Booking again on a redelivery changes nothing (a one-shot).
      if (sub.escalateMinutes !== undefined && this.d.escalations && root.stage === "open") {
        await this.d.escalations.schedule(sub, incidentId, this.d.clock.now());
      }
    }
  }

  private async subscriptionOf(ctx: DeliveryCtx, id: string): Promise<Subscription> {
    if (id === ctx.sub.id) return ctx.sub;
    try {
      const sub = await this.d.subscriptions.get(id);
      if (sub && sub.channelId === ctx.channel && !sub.paused) return sub;
    } catch {
      // An unreadable subscription: the alert still goes out, with the planning subscription's settings.
    }
    return ctx.sub;
  }
}
