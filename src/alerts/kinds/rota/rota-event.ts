import { z } from "zod";
import type { Rota } from "../../../domain/oncall-rota";

/** What a handover schedule stores: the channel's rota as set (or overridden), to say when it is due next. */
export interface RotaHandoverSpec {
  kind: "rota-handover";
  subscriptionId: string;
  rota: Pick<Rota, "people" | "everyDays" | "at" | "timeZone" | "anchor" | "override">;
}

/** The outbox event of a handover that fell due; `period` (its due time) names it, so each posts once. */
export interface RotaHandoverEvent {
  type: "rota-handover";
  subscriptionId: string;
  period: string;
}

const SLACK_ID = /^[A-Z0-9]{1,30}$/;

export const rotaHandoverSpecSchema = z.object({
  kind: z.literal("rota-handover"),
  subscriptionId: z.string().min(1),
  rota: z.object({
    people: z.array(z.string().regex(SLACK_ID)).min(1),
    everyDays: z.number().int().min(1).max(28),
    at: z.object({
      weekday: z.number().int().min(0).max(6).optional(),
      hour: z.number().int().min(0).max(23),
      minute: z.number().int().min(0).max(59),
    }),
    timeZone: z.string().min(1),
    anchor: z.number(),
    override: z.object({ user: z.string().regex(SLACK_ID), from: z.number(), until: z.number() }).optional(),
  }),
});

export const rotaHandoverEventSchema = z.object({
  type: z.literal("rota-handover"),
  subscriptionId: z.string().min(1),
  period: z.string().min(1).max(40),
});
