import { z } from "zod";
import { alertMonitorSchema } from "../../../store/alert-message-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import type { AlertMonitor } from "../../model";

/** A test alert's two moments: posted red now, green a minute later. */
export type TestAlertPhase = "opened" | "resolved";

/** What a test alert's schedule stores, one per phase: booked by `/uptime test`, fired into the outbox. */
export interface TestAlertSpec {
  kind: "test-alert";
  phase: TestAlertPhase;
  subscriptionId: string;
  incidentId: string;
  apiTeamId: string;
  monitor: AlertMonitor;
  /** When `/uptime test` was run (ms): the sample outage's start. */
  startedAt: number;
}

/** The outbox event of a test alert's phase; the subscription names the one channel it goes to. */
export interface TestAlertEvent extends Omit<TestAlertSpec, "kind"> {
  type: "test-alert";
}

/** A test alert lasts this long, then turns green by itself. */
export const TEST_ALERT_MS = 60_000;

/** Its escalation steps run at test speed: a second for each minute (a 5m step fires after 5 s). */
export const TEST_SPEED_MS_PER_MINUTE = 1_000;

export function testAlertScheduleId(subscriptionId: string, incidentId: string, phase: TestAlertPhase) {
  return `${scheduleTarget("test-alert", subscriptionId)}:${incidentId}:${phase}`;
}

const fields = {
  phase: z.enum(["opened", "resolved"]),
  subscriptionId: z.string().min(1),
  incidentId: z.string().regex(/^test-[a-z0-9]{4,24}$/),
  apiTeamId: z.string().min(1),
  monitor: alertMonitorSchema.extend({ id: z.string().min(1) }),
  startedAt: z.number(),
};

export const testAlertSpecSchema = z.object({ kind: z.literal("test-alert"), ...fields });

export const testAlertEventSchema = z.object({ type: z.literal("test-alert"), ...fields });
