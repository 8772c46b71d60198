import { nextChangeAfter, type Rota } from "../../../domain/oncall-rota";
import type { WorkspaceRef } from "../../../domain/workspace-ref";
import { workspaceKey } from "../../../store/workspace";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import { type RotaHandoverEvent, type RotaHandoverSpec, rotaHandoverSpecSchema } from "./rota-event";

/** One handover schedule per channel, whichever subscription carries it. */
export function rotaScheduleId(ws: WorkspaceRef, channelId: string): string {
  return `rota:${workspaceKey(ws)}:${channelId}`;
}

type RotaTimes = RotaHandoverSpec["rota"];

/**
 * Fires once per handover across replicas (the period is the due time), then is due at the next change
 * after that one, not after now: a replica down across two handovers announces both, skipping none.
 */
export const rotaHandoverSchedule: ScheduleKind<RotaHandoverSpec> = {
  kind: "rota-handover",
  spec: rotaHandoverSpecSchema,
  fire(spec, { dueAt }) {
    const event: RotaHandoverEvent = {
      type: "rota-handover",
      subscriptionId: spec.subscriptionId,
      period: String(Math.round(dueAt)),
    };
    return {
      period: event.period,
      nextDueAt: nextChangeAfter(asRota(spec.rota), dueAt),
      target: scheduleTarget("rota", spec.subscriptionId),
      event: JSON.stringify(event),
    };
  },
};

function asRota(times: RotaTimes): Rota {
  return { ...times, setBy: "", setAt: 0 };
}

/** Booked (or moved) at each set and override: due at the next change of who is on call. */
export function bookHandovers(
  store: Pick<ScheduleStore, "book">,
  input: { ws: WorkspaceRef; channelId: string; subscriptionId: string; rota: Rota; now: number },
): Promise<void> {
  const { people, everyDays, at, timeZone, anchor, override } = input.rota;
  const spec: RotaHandoverSpec = {
    kind: "rota-handover",
    subscriptionId: input.subscriptionId,
    rota: { people, everyDays, at, timeZone, anchor, ...(override ? { override } : {}) },
  };
  return store.book(rotaScheduleId(input.ws, input.channelId), spec, nextChangeAfter(input.rota, input.now));
}

export function cancelHandovers(
  store: Pick<ScheduleStore, "cancel">,
  ws: WorkspaceRef,
  channelId: string,
): Promise<void> {
  return store.cancel(rotaScheduleId(ws, channelId));
}
