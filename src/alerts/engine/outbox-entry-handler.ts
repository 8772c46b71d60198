import { type BackoffOptions, backoffDelay } from "../../lib/backoff";
import type { Clock } from "../../lib/clock";
import { KeyedLanes } from "../../lib/keyed-lanes";
import type { Logger } from "../../lib/logger";
import type { DeadLetterReason, OutboxEntry, OutboxStore } from "../../store/outbox-store";
import type { Subscription } from "../../store/subscription-store";
import { workspaceKey } from "../../store/workspace";
import { decodeDeliverableEvent } from "../kinds/registry";
import type { AlertMetrics, DeliveryOutcome } from "../metrics";
import type { KindEvent } from "./alert-kind";
import { OutboxEventError } from "./alert-kind";

export interface OutboxDelivery {
  subscriptionsOf(
    target: string,
  ): Promise<{ subscriptions: Subscription[]; unreadable: { id: string; reason: string }[] }>;
  deliverTo(
    sub: Subscription,
    eventId: string,
    event: KindEvent,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome>;
}

export type Plan =
  | {
      kind: "deliver";
      event: KindEvent;
      subscriptions: Subscription[];
      /** Subscription records that could not be read: the others still get the event. */
      unreadable: { id: string; reason: string }[];
    }
  | { kind: "unreadable"; reason: string }
  | { kind: "failed"; error: unknown };

export interface OutboxEntryHandlerDeps {
  outbox: Pick<OutboxStore, "ack" | "deadLetter" | "touch">;
  delivery: OutboxDelivery;
  maxAttempts: number;
  retryBackoff: BackoffOptions;
  reclaimIdleMs: number;
  /** The worker's stop signal (a new one at each start): every wait ends, and nothing more is settled. */
  signal: () => AbortSignal;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetrics;
}

/** An error in one entry is that entry's only. */
export class OutboxEntryHandler {
  /** One lane per Slack channel, one task wide: a channel sees its alerts in outbox order. */
  private readonly queues = new KeyedLanes(1);

  constructor(private readonly d: OutboxEntryHandlerDeps) {}

  async plan(key: string, entry: OutboxEntry): Promise<Plan> {
    const enqueuedAt = Number(entry.id.split("-")[0]);
    if (Number.isFinite(enqueuedAt) && entry.deliveries === 1)
      this.d.metrics.outboxLag(Math.max(0, this.d.clock.now() - enqueuedAt) / 1000);
    let event: KindEvent;
    try {
      if (!entry.fields.target) throw new OutboxEventError("outbox entry has no target field");
      event = decodeDeliverableEvent(entry.fields.event);
    } catch (error) {
      if (!(error instanceof OutboxEventError)) return { kind: "failed", error };
      return { kind: "unreadable", reason: error.message };
    }
    try {
      const { subscriptions, unreadable } = await this.d.delivery.subscriptionsOf(entry.fields.target);
      return { kind: "deliver", event, subscriptions, unreadable };
    } catch (error) {
      this.d.logger.warn(
        { err: error, stream: key, id: entry.id },
        "could not list an event's subscriptions",
      );
      return { kind: "failed", error };
    }
  }

  async handle(
    key: string,
    consumer: string,
    entry: OutboxEntry,
    plan: Plan,
    untrack: () => void,
  ): Promise<void> {
    if (plan.kind === "unreadable") return this.deadLetter(key, entry, "unreadable", plan.reason);
    if (plan.kind === "failed") {
      untrack();
      // Counted as one retry, so that the retries add up to the deliveries the dead letters show.
      this.d.metrics.delivery("retry");
      return this.failed(key, consumer, entry, errorText(plan.error));
    }
    const { event } = plan;
    const signal = this.d.signal();
    const outcomes = await Promise.all(
      plan.subscriptions.map((sub) =>
        this.queues.run(channelKey(sub), async (): Promise<DeliveryOutcome> => {
          if (signal.aborted) return "retry";
          try {
            return await this.d.delivery.deliverTo(sub, entry.id, event, signal);
          } catch (error) {
            // deliverTo settles its own errors; anything else is this entry's, never the batch's.
            this.d.logger.error(
              { err: error, stream: key, id: entry.id, subscription: sub.id },
              "alert delivery threw; the entry is retried",
            );
            this.d.metrics.delivery("retry");
            return "retry";
          }
        }),
      ),
    );
    if (outcomes.includes("retry")) {
      untrack();
      return this.failed(key, consumer, entry, "a channel's delivery failed");
    }
    const [bad] = plan.unreadable;
    if (bad) {
      // The unreadable one's copy waits in the dead letters; a replay reconciles, so the others see no change.
      const more = plan.unreadable.length > 1 ? ` (and ${plan.unreadable.length - 1} more)` : "";
      return this.deadLetter(key, entry, "unreadable", `subscription ${bad.id}${more}: ${bad.reason}`);
    }
    await this.d.outbox.ack(key, entry.id);
  }

  /** A failed attempt: due again after a backoff, or dead-lettered once maxAttempts were used. */
  private async failed(key: string, consumer: string, entry: OutboxEntry, why: string): Promise<void> {
    if (this.d.signal().aborted) return; // stop() hands it over as it is
    if (entry.deliveries >= this.d.maxAttempts) {
      return this.deadLetter(key, entry, "attempts", `${entry.deliveries} attempts failed; last: ${why}`);
    }
    const wait = Math.max(
      this.d.retryBackoff.baseMs,
      backoffDelay(entry.deliveries - 1, { ...this.d.retryBackoff, random: () => 1 }),
    );
    // Idle time set so that XAUTOCLAIM finds it due after `wait`, not after the whole reclaim time.
    await this.d.outbox.touch(key, consumer, [entry.id], Math.max(0, this.d.reclaimIdleMs - wait));
  }

  private async deadLetter(
    key: string,
    entry: OutboxEntry,
    reason: DeadLetterReason,
    detail: string,
  ): Promise<void> {
    const moved = await this.d.outbox.deadLetter(key, entry.id, `${reason}: ${detail}`, entry.deliveries);
    if (!moved) return;
    this.d.metrics.deadLetter(reason);
    this.d.logger.error(
      {
        stream: key,
        id: entry.id,
        reason,
        detail,
        deliveries: entry.deliveries,
        target: entry.fields.target,
      },
      "outbox entry moved to the dead-letter stream (npm run alerts -- dead-letters)",
    );
  }
}

function channelKey(sub: Subscription): string {
  return `${workspaceKey(sub.workspace)}\u0000${sub.channelId}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
