import { z } from "zod";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import type { BoardEvent } from "./board-event";

/** The board's one schedule: a redraw when the next mute it shows runs out (no event says so). */
export interface BoardExpirySpec {
  kind: "board";
  subscriptionId: string;
  /** When (ms) the next mute shown ends. */
  at: number;
}

export const boardExpirySpecSchema = z.object({
  kind: z.literal("board"),
  subscriptionId: z.string().min(1),
  at: z.number(),
});

/** One per board (its subscription): booking again moves it to the next expiry. */
export function boardExpiryId(subscriptionId: string): string {
  return `${scheduleTarget("board", subscriptionId)}:expiry`;
}

/** Fires once per expiry time, across replicas: a refresh through the board's own target. */
export const boardExpirySchedule: ScheduleKind<BoardExpirySpec> = {
  kind: "board",
  spec: boardExpirySpecSchema,
  fire(spec) {
    const event: BoardEvent = {
      type: "board",
      action: "refresh",
      subscriptionId: spec.subscriptionId,
      by: "expiry",
    };
    return {
      period: String(spec.at),
      nextDueAt: 0,
      target: scheduleTarget("board", spec.subscriptionId),
      event: JSON.stringify(event),
    };
  },
};
