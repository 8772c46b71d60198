import { z } from "zod";
import type { SlowRule } from "../../../domain/slow-rule";
import { alertMonitorSchema } from "../../../store/alert-message-store";
import type { AlertMonitor, SlowSample } from "../../model";

/** Goes to the target's subscriptions whose `--slow` rule is `rule`. */
export interface SlowEvent {
  type: "slow";
  phase: "slow" | "updated" | "fast";
  apiTeamId: string;
  monitorId: string;
  /** Read by the poll that opened the alert (its filters need the group); null later and when gone. */
  monitor: AlertMonitor | null;
  rule: SlowRule;
  alertId: string;
  since: number;
  samples: SlowSample[];
}

const sampleSchema = z.object({ at: z.number(), ms: z.number(), location: z.string().max(100) });

export const slowEventSchema = z.object({
  type: z.literal("slow"),
  phase: z.enum(["slow", "updated", "fast"]),
  apiTeamId: z.string().min(1),
  monitorId: z.string().min(1),
  monitor: alertMonitorSchema.extend({ id: z.string().min(1) }).nullable(),
  rule: z.object({ thresholdMs: z.number().int().positive(), checks: z.number().int().positive() }),
  alertId: z.string().min(1).max(200),
  since: z.number(),
  samples: z.array(sampleSchema).max(100),
});
