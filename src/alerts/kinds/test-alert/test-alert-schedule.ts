import { fireOnce, type ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import type { AlertMonitor } from "../../model";
import {
  TEST_ALERT_MS,
  type TestAlertEvent,
  type TestAlertSpec,
  testAlertScheduleId,
  testAlertSpecSchema,
} from "./test-alert-event";

/** Each phase fires once across replicas, into the outbox of its one subscription. */
export const testAlertSchedule: ScheduleKind<TestAlertSpec> = {
  kind: "test-alert",
  spec: testAlertSpecSchema,
  fire(spec) {
    const { kind: _kind, ...rest } = spec;
    const event: TestAlertEvent = { type: "test-alert", ...rest };
    return fireOnce(scheduleTarget("test-alert", spec.subscriptionId), event);
  },
};

export interface StartTestAlert {
  subscriptionId: string;
  incidentId: string;
  apiTeamId: string;
  monitor: AlertMonitor;
  now: number;
}

/**
 * `/uptime test`: its opening due now and its recovery a minute on, both booked at once, so that the alert
 * goes green even if the replica that ran the command dies; the schedule worker fires each once.
 */
export async function startTestAlert(
  store: Pick<ScheduleStore, "bookOnce">,
  input: StartTestAlert,
): Promise<void> {
  const { now, ...rest } = input;
  const spec = (phase: TestAlertSpec["phase"]): TestAlertSpec => ({
    kind: "test-alert",
    phase,
    ...rest,
    startedAt: now,
  });
  await store.bookOnce(
    testAlertScheduleId(input.subscriptionId, input.incidentId, "opened"),
    spec("opened"),
    now,
  );
  await store.bookOnce(
    testAlertScheduleId(input.subscriptionId, input.incidentId, "resolved"),
    spec("resolved"),
    now + TEST_ALERT_MS,
  );
}
