import { escalationStepsOf } from "../../domain/escalation-steps";
import type { ScheduleStore } from "../../store/schedule-store";
import type { Subscription } from "../../store/subscription-store";
import type { EscalationSchedules } from "../kinds/escalation/escalation-delivery";
import {
  allEscalationScheduleIds,
  type EscalationSpec,
  escalationScheduleId,
} from "../kinds/escalation/escalation-event";

/**
 * `--escalate 5m,15m,30m` on the schedule store: a one-shot per (subscription, incident, step), all written
 * when the incident's root is posted, so that a restart or a replica's death skips none of them.
 */
export function escalationSchedules(store: Pick<ScheduleStore, "once" | "remove">): EscalationSchedules {
  return {
    async schedule(sub: Subscription, incidentId: string, startedAt: number) {
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
          return store.once(id, JSON.stringify(spec), startedAt + s.minutes * 60_000);
        }),
      );
    },
    async cancel(sub: Subscription, incidentId: string) {
      await Promise.all(allEscalationScheduleIds(sub.id, incidentId).map((id) => store.remove(id)));
    },
  };
}
