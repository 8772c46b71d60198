import { escalationStepsOf } from "../../../domain/escalation-steps";
import type { Clock } from "../../../lib/clock";
import type { AlertMessageRecord, AlertMessageStore, PostAttempt } from "../../../store/alert-message-store";
import type { MaintenanceStore } from "../../../store/maintenance-store";
import type { MuteStore } from "../../../store/mute-store";
import type { RotaStore } from "../../../store/rota-store";
import type { Subscription } from "../../../store/subscription-store";
import type { WebLinks } from "../../../ui/web-links";
import { escalationKindOf, type Gate, gatedMonitor } from "../../engine/alert-gate";
import { ESCALATION_EVENT_TYPE, escalationMatcher, escalationMetadata } from "../../engine/alert-metadata";
import type { RunbookLookup } from "../../engine/alert-parts";
import type { ChannelPosting, DeliveryCtx } from "../../engine/channel-posting";
import { resolveOncall } from "../../engine/oncall-mention";
import type { AlertMetrics, DeliveryOutcome } from "../../metrics";
import type { EscalationEvent } from "./escalation-event";
import { renderEscalationReply } from "./render-escalation-reply";

export interface EscalationSchedules {
  /**
   * Every step of the subscription, due its minutes after `startedAt` (ms). `msPerMinute` runs them faster
   * (a test alert's steps: a second for each minute); default 60 000.
   */
  schedule(sub: Subscription, incidentId: string, startedAt: number, msPerMinute?: number): Promise<void>;
  cancel(sub: Subscription, incidentId: string): Promise<void>;
  /**
   * Every step again, the first at `from` and each later one as far after it as it was after the first
   * (an acknowledgement expired). Once per incident: a step that fired keeps its record and fires no more.
   */
  replay?(sub: Subscription, incidentId: string, from: number): Promise<void>;
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
  /** The channels' rotas: an `oncall` step pings the person on call when it is posted. */
  rotas?: Pick<RotaStore, "get"> | undefined;
}

/** A step's reply as the record keeps it: the first step in the fields it had before steps. */
function stepPost(
  record: AlertMessageRecord,
  step: number,
  again?: boolean,
): { ts?: string; attempt?: PostAttempt } {
  if (again) return record.escalationSteps?.[`again:${step}`] ?? {};
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
  again?: boolean,
): AlertMessageRecord {
  if (step === 0 && !again) {
    return {
      ...record,
      ...(post.ts ? { escalationTs: post.ts } : {}),
      ...(post.attempt ? { escalationAttempt: post.attempt } : {}),
    };
  }
  const key = again ? `again:${step}` : String(step);
  const steps = record.escalationSteps ?? {};
  return { ...record, escalationSteps: { ...steps, [key]: { ...steps[key], ...post } } };
}

export class EscalationDelivery {
  constructor(private readonly d: EscalationDeliveryDeps) {}

  // Skipped once acknowledged (unless run again after it expired), recovered or gated; a step the
  // subscription no longer has is void.
  async deliver(ctx: DeliveryCtx, event: EscalationEvent): Promise<DeliveryOutcome> {
    const { sub, ws, channel, eventId } = ctx;
    const { messages, clock } = this.d;
    const step = event.step ?? 0;
    const again = event.again === true;
    const steps = escalationStepsOf(sub);
    const current = steps[step];
    if (!current) return "skipped";
    const record = await messages.get(ws, channel, event.incidentId);
    if (record?.mode !== "root" || !record.ts || stepPost(record, step, again).ts) return "skipped";
    if (record.stage === "resolved" || (record.stage === "acknowledged" && !again)) return "skipped";
    const gate = await this.d.gate(
      { sub, ws, channel, monitor: gatedMonitor(record.view) },
      escalationKindOf(sub),
    );
    if (gate.kind !== "deliver") return "skipped";
    const rendered = renderEscalationReply({
      incident: record.view.incident,
      monitor: record.view.monitor,
      apiTeamId: record.view.apiTeamId,
      mention: await resolveOncall(this.d.rotas, ctx, current.mention ?? sub.mention, clock.now()),
      afterMinutes: event.afterMinutes,
      step: { index: step, count: steps.length },
      again,
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
      attempt: stepPost(record, step, again).attempt,
      eventType: ESCALATION_EVENT_TYPE,
      matcher: escalationMatcher(event.incidentId, channel, step, again),
      threadTs: rootTs,
      saveAttempt: async (attempt) => {
        const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
        await messages.put(ws, channel, event.incidentId, withStepPost(latest, step, { attempt }, again));
      },
      message: {
        channel,
        ...rendered,
        thread_ts: rootTs,
        // Personal alerts in their quiet hours: the step stays in the thread, where nothing pushes.
        ...(gate.quietThreadTs ? {} : { reply_broadcast: true }),
        metadata: escalationMetadata(event.incidentId, eventId, channel, step, again),
      },
    });
    const latest = (await messages.get(ws, channel, event.incidentId)) ?? record;
    await messages.put(ws, channel, event.incidentId, withStepPost(latest, step, { ts }, again));
    await messages.addTimeline(ws, event.incidentId, { at: clock.now(), kind: "escalated", channel });
    this.d.metrics.delivery("posted");
    return "posted";
  }
}
