import { escalationStepsOf } from "../../../domain/escalation-steps";
import type { Subscription } from "../../../store/subscription-store";
import { fireOnce, type ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import type { EscalationSchedules } from "../../kinds/escalation/escalation-delivery";
import {
  allEscalationScheduleIds,
  type EscalationEvent,
  type EscalationSpec,
  escalationScheduleId,
  escalationSpecSchema,
} from "../../kinds/escalation/escalation-event";

/** All steps booked when the root is posted, so a restart or a dead replica skips none. */
export function escalationSchedules(store: Pick<ScheduleStore, "bookOnce" | "cancel">): EscalationSchedules {
  return {
    async schedule(sub: Subscription, incidentId: string, startedAt: number, msPerMinute = 60_000) {
      const steps = escalationStepsOf(sub);
      await Promise.all(
        steps.map((s, step) => {
          const spec: EscalationSpec = {
            kind: "escalation",
            subscriptionId: sub.id,
            incidentId,
            afterMinutes: s.minutes,
            ...(step > 0 ? { step } : {}),
          };
          const id = escalationScheduleId(sub.id, incidentId, step);
          return store.bookOnce(id, spec, startedAt + s.minutes * msPerMinute);
        }),
      );
    },
    async replay(sub: Subscription, incidentId: string, from: number) {
      const steps = escalationStepsOf(sub);
      const first = steps[0]?.minutes ?? 0;
      await Promise.all(
        steps.map((s, step) => {
          const spec: EscalationSpec = {
            kind: "escalation",
            subscriptionId: sub.id,
            incidentId,
            afterMinutes: s.minutes,
            ...(step > 0 ? { step } : {}),
            again: true,
          };
          const id = escalationScheduleId(sub.id, incidentId, step, true);
          return store.bookOnce(id, spec, from + (s.minutes - first) * 60_000);
        }),
      );
    },
    async cancel(sub: Subscription, incidentId: string) {
      await Promise.all(allEscalationScheduleIds(sub.id, incidentId).map((id) => store.cancel(id)));
    },
  };
}

export const escalationSchedule: ScheduleKind<EscalationSpec> = {
  kind: "escalation",
  spec: escalationSpecSchema,
  fire(spec) {
    const event: EscalationEvent = {
      type: "escalation",
      subscriptionId: spec.subscriptionId,
      incidentId: spec.incidentId,
      afterMinutes: spec.afterMinutes,
      ...(spec.step ? { step: spec.step } : {}),
      ...(spec.again ? { again: true } : {}),
    };
    return fireOnce(scheduleTarget("escalation", spec.subscriptionId), event);
  },
};
