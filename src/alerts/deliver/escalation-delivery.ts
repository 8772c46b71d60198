import type { Clock } from "../../lib/clock";
import type { AlertMessageStore } from "../../store/alert-message-store";
import type { MuteStore } from "../../store/mute-store";
import type { Subscription } from "../../store/subscription-store";
import type { WebLinks } from "../../ui/web-links";
import type { AlertMetrics, DeliveryOutcome } from "../metrics";
import { ESCALATION_EVENT_TYPE, incidentMatcher, incidentMetadata } from "../outbox/alert-metadata";
import type { EscalationEvent } from "../outbox/escalation-event";
import { renderEscalationReply } from "../render/render-escalation-reply";
import type { ChannelPosting, DeliveryCtx } from "./channel-posting";
import { quietThreadOf } from "./quiet-thread";

/** Escalation schedules (docs/architecture.md section 5 "Schedules"), one per subscription and incident. */
export interface EscalationSchedules {
  schedule(sub: Subscription, incidentId: string, dueAt: number): Promise<void>;
  cancel(sub: Subscription, incidentId: string): Promise<void>;
}

export interface EscalationDeliveryDeps {
  messages: Pick<AlertMessageStore, "get" | "put" | "addTimeline">;
  mutes: Pick<MuteStore, "mutedUntil">;
  posting: ChannelPosting;
  clock: Clock;
  metrics: AlertMetrics;
  webLinks: WebLinks | undefined;
}

/**
 * `--escalate <N>m` fell due (docs/architecture.md section 5): the reminder under the incident's root,
 * posted once (attempt recorded, metadata looked up after a crash).
 */
export class EscalationDelivery {
  constructor(private readonly d: EscalationDeliveryDeps) {}

  /**
   * One broadcast thread reply under the incident's root (not broadcast in a personal subscription's quiet
   * hours), with the subscription's mention, unless it was acknowledged or recovered meanwhile, or the
   * monitor is muted here. Runs under the channel's lock (ctx).
   */
  async deliver(ctx: DeliveryCtx, event: EscalationEvent): Promise<DeliveryOutcome> {
    const { sub, ws, channel, eventId } = ctx;
    const { messages, clock } = this.d;
    const record = await messages.get(ws, channel, event.incidentId);
    if (record?.mode !== "root" || !record.ts || record.stage !== "open" || record.escalationTs)
      return "skipped";
    if ((await this.d.mutes.mutedUntil(ws, channel, record.view.incident.monitorId)) !== null)
      return "skipped";
    const rendered = renderEscalationReply({
      incident: record.view.incident,
      monitor: record.view.monitor,
      mention: sub.mention,
      afterMinutes: event.afterMinutes,
      links: this.d.webLinks,
      now: clock.now(),
    });
    const rootTs = record.ts;
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: record.escalationAttempt,
      eventType: ESCALATION_EVENT_TYPE,
      matcher: incidentMatcher(event.incidentId, channel),
      threadTs: rootTs,
      saveAttempt: (escalationAttempt) =>
        messages.put(ws, channel, event.incidentId, { ...record, escalationAttempt }),
      message: {
        channel,
        ...rendered,
        thread_ts: rootTs,
        // Personal alerts in their quiet hours: the reminder stays in the thread, where nothing pushes.
        ...(quietThreadOf(sub, clock.now()) ? {} : { reply_broadcast: true }),
        metadata: incidentMetadata(ESCALATION_EVENT_TYPE, event.incidentId, eventId, channel),
      },
    });
    const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
    await messages.put(ws, channel, event.incidentId, { ...latest, escalationTs: ts });
    await messages.addTimeline(ws, event.incidentId, { at: clock.now(), kind: "escalated", channel });
    this.d.metrics.delivery("posted");
    return "posted";
  }
}
