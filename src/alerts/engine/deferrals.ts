import { z } from "zod";
import type { Clock } from "../../lib/clock";
import type { Subscription } from "../../store/subscription-store";
import type { ScheduleKind } from "./schedules/schedule-kind";
import type { ScheduleStore } from "./schedules/schedule-store";
import { scheduleTarget } from "./schedules/schedule-targets";

/**
 * What a plan's `defer` says of an event for one subscription: hold it until `until` (ms) under `key`; an
 * event that `ends` the key before then drops what is held and itself (a grace period's short outage).
 */
export interface Deferral {
  key: string;
  until: number;
  ends?: boolean;
}

/** The mark a dropped deferral keeps (for a week, as a fired one-shot does): later events of it are dropped. */
export const HELD_BACK = "held-back";

const KIND = "deferred";

/** What the deferral's schedule stores: the latest event held, as its codec encodes it (JSON). */
export interface DeferredSpec {
  kind: typeof KIND;
  subscriptionId: string;
  key: string;
  event: string;
}

export const deferredSpecSchema = z.object({
  kind: z.literal(KIND),
  subscriptionId: z.string().min(1),
  key: z.string().min(1),
  event: z.string().min(2),
});

export function deferredScheduleId(subscriptionId: string, key: string): string {
  return `${scheduleTarget(KIND, subscriptionId)}:${key}`;
}

/** At its time, the held event goes back into the outbox for its one subscription, once. */
export const deferredSchedule: ScheduleKind<DeferredSpec> = {
  kind: KIND,
  spec: deferredSpecSchema,
  fire(spec) {
    return {
      period: "once",
      nextDueAt: 0,
      target: scheduleTarget(KIND, spec.subscriptionId),
      event: spec.event,
    };
  },
};

export type DeferralStep = "deliver" | "hold" | "drop" | "retire";

/**
 * Pure: what to do with an event given its deferral's schedule (`dueAt` while pending, `last` once it fired
 * or was dropped). Released (fired) or past its time: delivered; held back before: dropped; an ending event
 * while pending: retire it (drop both); never deferred: delivered as it is.
 */
export function deferralStep(
  deferral: Deferral,
  found: { dueAt: number | null; last: string | null },
  now: number,
): DeferralStep {
  if (found.last === HELD_BACK) return "drop";
  if (found.last !== null) return "deliver";
  if (deferral.ends) return found.dueAt !== null ? "retire" : "deliver";
  return now >= deferral.until ? "deliver" : "hold";
}

export type DeferralStore = Pick<ScheduleStore, "book" | "inspect" | "retire">;

/** The engine's side of `defer`: books, releases and drops, the same on every replica and redelivery. */
export class Deferrals {
  constructor(private readonly d: { store: DeferralStore; clock: Clock }) {}

  /** "deliver": go on now; "held": the event waits for its time; "dropped": an outage held back, or after it. */
  async check(
    sub: Subscription,
    deferral: Deferral,
    event: unknown,
  ): Promise<"deliver" | "held" | "dropped"> {
    const id = deferredScheduleId(sub.id, deferral.key);
    let step = deferralStep(deferral, await this.d.store.inspect(id), this.d.clock.now());
    if (step === "retire") {
      // Taken off the due set first: a replica firing it now either wrote before (released) or writes nothing.
      if (await this.d.store.retire(id, HELD_BACK)) return "dropped";
      step = deferralStep(deferral, await this.d.store.inspect(id), this.d.clock.now());
    }
    if (step === "deliver") return "deliver";
    if (step === "drop" || step === "retire") return "dropped";
    // The latest event held is the one released (an acknowledge during the wait replaces the opening).
    const spec: DeferredSpec = {
      kind: KIND,
      subscriptionId: sub.id,
      key: deferral.key,
      event: JSON.stringify(event),
    };
    await this.d.store.book(id, spec, deferral.until);
    return "held";
  }
}
