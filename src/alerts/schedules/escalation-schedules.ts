import type { ScheduleStore } from "../../store/schedule-store";
import type { Subscription } from "../../store/subscription-store";
import type { EscalationSchedules } from "../deliver/escalation-delivery";
import { type EscalationSpec, escalationScheduleId } from "../outbox/escalation-event";

/** `--escalate <N>m` on the schedule store: a one-shot per (subscription, incident). */
export function escalationSchedules(store: Pick<ScheduleStore, "once" | "remove">): EscalationSchedules {
  return {
    async schedule(sub: Subscription, incidentId: string, dueAt: number) {
      if (sub.escalateMinutes === undefined) return;
      const spec: EscalationSpec = {
        kind: "escalation",
        subscriptionId: sub.id,
        incidentId,
        afterMinutes: sub.escalateMinutes,
      };
      await store.once(escalationScheduleId(sub.id, incidentId), JSON.stringify(spec), dueAt);
    },
    async cancel(sub: Subscription, incidentId: string) {
      await store.remove(escalationScheduleId(sub.id, incidentId));
    },
  };
}
