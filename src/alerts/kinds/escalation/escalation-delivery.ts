import { escalationStepsOf } from "../../../domain/escalation-steps";
import type { Clock } from "../../../lib/clock";
import type { AlertMessageRecord, AlertMessageStore, PostAttempt } from "../../../store/alert-message-store";
import type { MaintenanceStore } from "../../../store/maintenance-store";
import type { MuteStore } from "../../../store/mute-store";
import type { Subscription } from "../../../store/subscription-store";
import type { WebLinks } from "../../../ui/web-links";
import { escalationKindOf, type Gate } from "../../engine/alert-gate";
import { ESCALATION_EVENT_TYPE, escalationMatcher, escalationMetadata } from "../../engine/alert-metadata";
import type { RunbookLookup } from "../../engine/alert-parts";
import type { ChannelPosting, DeliveryCtx } from "../../engine/channel-posting";
import type { AlertMetrics, DeliveryOutcome } from "../../metrics";
import type { EscalationEvent } from "./escalation-event";
import { renderEscalationReply } from "./render-escalation-reply";

/** Escalation schedules (docs/architecture.md section 5 "Schedules"), one per subscription, incident and step. */
export interface EscalationSchedules {
  /** Every step of the subscription, due its minutes after `startedAt` (ms). */
  schedule(sub: Subscription, incidentId: string, startedAt: number): Promise<void>;
  cancel(sub: Subscription, incidentId: string): Promise<void>;
}

export interface EscalationDeliveryDeps {
  messages: Pick<AlertMessageStore, "get" | "put" | "addTimeline">;
  mutes: Pick<MuteStore, "mutedUntil">;
  windows?: Pick<MaintenanceStore, "covering"> | undefined;
  posting: ChannelPosting;
  clock: Clock;
  metrics: AlertMetrics;
  webLinks: WebLinks | undefined;
  runbooks: RunbookLookup;
  gate: Gate;
}

/** A step's reply as the record keeps it: the first step in the fields it had before steps. */
function stepPost(record: AlertMessageRecord, step: number): { ts?: string; attempt?: PostAttempt } {
  if (step === 0) {
    return {
      ...(record.escalationTs ? { ts: record.escalationTs } : {}),
      ...(record.escalationAttempt ? { attempt: record.escalationAttempt } : {}),
    };
  }
  return record.escalationSteps?.[String(step)] ?? {};
}

function withStepPost(
  record: AlertMessageRecord,
  step: number,
  post: { ts?: string; attempt?: PostAttempt },
): AlertMessageRecord {
  if (step === 0) {
    return {
      ...record,
      ...(post.ts ? { escalationTs: post.ts } : {}),
      ...(post.attempt ? { escalationAttempt: post.attempt } : {}),
    };
  }
  const key = String(step);
  const steps = record.escalationSteps ?? {};
  return { ...record, escalationSteps: { ...steps, [key]: { ...steps[key], ...post } } };
}

export class EscalationDelivery {
  constructor(private readonly d: EscalationDeliveryDeps) {}

  // Skipped once acknowledged, recovered or gated; a step the subscription no longer has is void.
  async deliver(ctx: DeliveryCtx, event: EscalationEvent): Promise<DeliveryOutcome> {
    const { sub, ws, channel, eventId } = ctx;
    const { messages, clock } = this.d;
    const step = event.step ?? 0;
    const steps = escalationStepsOf(sub);
    const current = steps[step];
    if (!current) return "skipped";
    const record = await messages.get(ws, channel, event.incidentId);
    if (record?.mode !== "root" || !record.ts || record.stage !== "open" || stepPost(record, step).ts)
      return "skipped";
    const gate = await this.d.gate(
      {
        sub,
        ws,
        channel,
        monitor: {
          monitorId: record.view.incident.monitorId,
          group: record.view.monitor?.group,
          apiTeamId: record.view.apiTeamId,
        },
      },
      escalationKindOf(sub),
    );
    if (gate.kind !== "deliver") return "skipped";
    const rendered = renderEscalationReply({
      incident: record.view.incident,
      monitor: record.view.monitor,
      apiTeamId: record.view.apiTeamId,
      mention: current.mention ?? sub.mention,
      afterMinutes: event.afterMinutes,
      step: { index: step, count: steps.length },
      links: this.d.webLinks,
      runbooks: await this.d.runbooks({
        apiTeamId: record.view.apiTeamId,
        monitorId: record.view.incident.monitorId,
        group: record.view.monitor?.group,
      }),
      now: clock.now(),
    });
    const rootTs = record.ts;
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: stepPost(record, step).attempt,
      eventType: ESCALATION_EVENT_TYPE,
      matcher: escalationMatcher(event.incidentId, channel, step),
      threadTs: rootTs,
      saveAttempt: async (attempt) => {
        const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
        await messages.put(ws, channel, event.incidentId, withStepPost(latest, step, { attempt }));
      },
      message: {
        channel,
        ...rendered,
        thread_ts: rootTs,
        // Personal alerts in their quiet hours: the reminder stays in the thread, where nothing pushes.
        ...(gate.quietThreadTs ? {} : { reply_broadcast: true }),
        metadata: escalationMetadata(event.incidentId, eventId, channel, step),
      },
    });
    const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
    await messages.put(ws, channel, event.incidentId, withStepPost(latest, step, { ts }));
    await messages.addTimeline(ws, event.incidentId, { at: clock.now(), kind: "escalated", channel });
    this.d.metrics.delivery("posted");
    return "posted";
  }
}
