import { createHash } from "node:crypto";
import type { DigestCadence } from "../domain/digest-cadences";
import type { EscalationStep, Mention } from "../domain/escalation-steps";
import { PAUSE_REASONS, type PauseReason } from "../domain/pause-reasons";
import type { QuietHours } from "../domain/quiet-hours";
import type { SlowRule } from "../domain/slow-rule";
import { normalizeFilters, type SubscriptionFilters } from "../domain/subscription-filters";
import type { SubscriptionOptionValues } from "../domain/subscription-options";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import { type Clock, systemClock } from "../lib/clock";
import { CorruptRecordError } from "./corrupt-record-error";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { deleteKeys, execOrThrow, setFieldsIfExists } from "./redis-helpers";
import { type ScriptRunner, scriptRunner } from "./scripts";
import { decodeSubscription, encodeSubscription, newSubscriptionSchema } from "./subscription-codec";
import { validUserId, workspaceKey } from "./workspace";

export interface SubscriptionPause {
  /** A token rejection confirmed by a check, or the Slack error that paused it (e.g. `not_in_channel`). */
  reason: PauseReason;
  at: number;
  /** Whether the subscriber was told (once). */
  notified: boolean;
}

/**
 * A subscription's own storm and flap rules (`--storm <N>`, `--flap <N>/<M>m`); absent members keep the
 * defaults (docs/architecture.md section 1: storm above 5 opens of a team within a minute, flap at 3 incidents of a
 * monitor within 15 minutes).
 */
export interface SubscriptionRules {
  /** More than this many incidents of the team opening within a minute roll up. */
  storm?: number;
  flap?: { count: number; windowMinutes: number };
}

export interface SubscriptionDigest {
  cadence: DigestCadence;
  /** An IANA zone, e.g. `Europe/Amsterdam`. */
  timeZone: string;
}

export interface SubscriptionPersonal {
  quiet: QuietHours | null;
  threadTs?: string;
}

export interface Subscription {
  id: string;
  workspace: WorkspaceRef;
  channelId: string;
  apiTeamId: string;
  filters: SubscriptionFilters;
  mention: Mention | null;
  subscriber: { userId: string; apiUserId: string };
  /** The poll target, `team:<apiTeamId>:<tokenHash>`. */
  target: string;
  rules?: SubscriptionRules;
  /** `--digest daily|weekly`: the channel's digest at 09:00 in `timeZone` (the subscriber's Slack zone). */
  digest?: SubscriptionDigest;
  /**
   * `--escalate <N>m`: an incident still unacknowledged N minutes after it opened pings the channel again.
   * With steps, the first step's minutes (records from before steps hold only this).
   */
  escalateMinutes?: number;
  /** `--escalate 5m,15m:@leads`: every step, when there are several or one names its own mention. */
  escalateSteps?: EscalationStep[];
  /** The options the alert kinds declare (`--<flag> <value>`), by flag; read with `optionOf`. */
  options?: SubscriptionOptionValues;
  /** `--slow <T>[/<N>]`: N checks in a row slower than T ms post a slow alert here. */
  slow?: SlowRule;
  /**
   * Subscribed in the app's DM: the person's own alerts. In their quiet hours an alert goes into the thread
   * of `threadTs` (the subscribe message) without broadcast or mention: Slack notifies nobody of a reply in
   * a thread they do not follow, so nothing pushes.
   */
  personal?: SubscriptionPersonal;
  createdAt: number;
  paused: SubscriptionPause | null;
}

export type NewSubscription = Omit<Subscription, "id" | "createdAt" | "paused">;

export interface CreateResult {
  subscription: Subscription;
  /** False when the same (channel, team, filters) existed: its mention was updated and it was resumed. */
  created: boolean;
  /** The target it used before, when a re-subscribe moved it to another one (the caller unregisters it). */
  previousTarget?: string;
}

export interface DeleteResult {
  deleted: Subscription[];
}

export class InvalidSubscriptionError extends Error {
  override name = "InvalidSubscriptionError";
}

const F = { sub: "sub", paused: "paused" } as const;

/** Deterministic id of (workspace, channel, team, filters): creating twice finds the same record. */
export function subscriptionId(
  ws: WorkspaceRef,
  channelId: string,
  apiTeamId: string,
  filters: SubscriptionFilters,
) {
  const normal = normalizeFilters(filters);
  return createHash("sha256")
    .update(JSON.stringify([workspaceKey(ws), channelId, apiTeamId, normal.monitors, normal.groups]))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Channel alert subscriptions. One hash per subscription and four index sets (by
 * channel, by poll target for the delivery fan-out, by subscriber for App Home, by workspace for
 * app_uninstalled). Like the link store, a record is written before its index entries and removed after
 * them, so every existing subscription is indexed whatever the interleaving; readers skip index entries
 * whose record is gone.
 */
export class SubscriptionStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly clock: Clock;
  private readonly scripts: ScriptRunner;

  constructor(deps: { redis: RedisClient; keys: Keyspace; clock?: Clock }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.clock = deps.clock ?? systemClock;
    this.scripts = scriptRunner(deps.redis);
  }

  /**
   * One subscription per (channel, API team, filters). The same again updates the mention (and the
   * subscriber and target, whose token is the fresher one) and resumes it: "invite @Uptime, then
   * /uptime subscribe again" is how a paused subscription is fixed.
   */
  async create(input: NewSubscription): Promise<CreateResult> {
    const parsed = newSubscriptionSchema.safeParse(input);
    if (!parsed.success) throw new InvalidSubscriptionError(`invalid subscription: ${parsed.error.message}`);
    const wsKey = workspaceKey(input.workspace);
    const filters = normalizeFilters(input.filters);
    const id = subscriptionId(input.workspace, input.channelId, input.apiTeamId, filters);
    const existing = await this.get(id);
    const subscription: Subscription = {
      id,
      workspace: workspaceOf(input.workspace),
      channelId: input.channelId,
      apiTeamId: input.apiTeamId,
      filters,
      mention: input.mention,
      subscriber: { userId: input.subscriber.userId, apiUserId: input.subscriber.apiUserId },
      target: input.target,
      ...(input.rules && (input.rules.storm !== undefined || input.rules.flap) ? { rules: input.rules } : {}),
      ...(input.digest ? { digest: { cadence: input.digest.cadence, timeZone: input.digest.timeZone } } : {}),
      ...(input.escalateMinutes !== undefined ? { escalateMinutes: input.escalateMinutes } : {}),
      ...(input.escalateSteps ? { escalateSteps: input.escalateSteps } : {}),
      ...(input.options && Object.keys(input.options).length > 0 ? { options: { ...input.options } } : {}),
      ...(input.slow ? { slow: { thresholdMs: input.slow.thresholdMs, checks: input.slow.checks } } : {}),
      ...(input.personal ? { personal: input.personal } : {}),
      createdAt: existing?.createdAt ?? this.clock.now(),
      paused: null,
    };
    const key = this.keys.subscription(id);
    const { paused: _paused, ...stored } = subscription;
    await execOrThrow(this.redis.multi().hset(key, F.sub, encodeSubscription(stored)).hdel(key, F.paused));
    await Promise.all([
      this.redis.hdel(this.keys.subscriptionsPaused(), id),
      this.redis.sadd(this.keys.subscriptionsByWorkspace(wsKey), id),
      this.redis.sadd(this.keys.subscriptionsByChannel(wsKey, subscription.channelId), id),
      this.redis.sadd(this.keys.subscriptionsByTarget(subscription.target), id),
      this.redis.sadd(this.keys.subscriptionsByUser(wsKey, subscription.subscriber.userId), id),
    ]);
    // A re-subscribe by another user moves the subscription off the old indexes.
    if (existing && existing.subscriber.userId !== subscription.subscriber.userId) {
      await this.redis.srem(this.keys.subscriptionsByUser(wsKey, existing.subscriber.userId), id);
    }
    if (existing && existing.target !== subscription.target) {
      await this.redis.srem(this.keys.subscriptionsByTarget(existing.target), id);
      return { subscription, created: false, previousTarget: existing.target };
    }
    return { subscription, created: existing === null };
  }

  async get(id: string): Promise<Subscription | null> {
    const key = this.keys.subscription(id);
    const [sub, paused] = await this.redis.hmget(key, F.sub, F.paused);
    if (sub == null) return null;
    return parseStored(key, sub, paused ?? null);
  }

  async listByChannel(ws: WorkspaceRef, channelId: string): Promise<Subscription[]> {
    return this.fromIndex(this.keys.subscriptionsByChannel(workspaceKey(ws), channelId));
  }

  /** Every subscription sharing a poll target: the delivery fan-out of one outbox event. */
  async listByTarget(target: string): Promise<Subscription[]> {
    return this.fromIndex(this.keys.subscriptionsByTarget(target));
  }

  /**
   * The delivery fan-out, where one unreadable record (hand-edited, written by a newer version) must not
   * hide the others: the readable subscriptions, and the unreadable ones apart with why.
   */
  async listByTargetSettled(
    target: string,
  ): Promise<{ subscriptions: Subscription[]; unreadable: { id: string; error: CorruptRecordError }[] }> {
    const ids = (await this.redis.smembers(this.keys.subscriptionsByTarget(target))).sort();
    const subscriptions: Subscription[] = [];
    const unreadable: { id: string; error: CorruptRecordError }[] = [];
    const read = await Promise.allSettled(ids.map((id) => this.get(id)));
    read.forEach((result, i) => {
      if (result.status === "fulfilled") {
        if (result.value) subscriptions.push(result.value);
      } else if (result.reason instanceof CorruptRecordError) {
        unreadable.push({ id: ids[i]!, error: result.reason });
      } else {
        throw result.reason;
      }
    });
    return { subscriptions, unreadable };
  }

  /** Every subscription of a workspace (the failover looks for another subscriber of the same team). */
  async listByWorkspace(ws: WorkspaceRef): Promise<Subscription[]> {
    return this.fromIndex(this.keys.subscriptionsByWorkspace(workspaceKey(ws)));
  }

  async listBySubscriber(ws: WorkspaceRef, userId: string): Promise<Subscription[]> {
    return this.fromIndex(this.keys.subscriptionsByUser(workspaceKey(ws), validUserId(userId)));
  }

  /** Deletes one subscription; the caller unregisters it from its target in the poll-target store. */
  async delete(id: string): Promise<DeleteResult> {
    const subscription = await this.get(id);
    return this.deleteAll(subscription ? [subscription] : []);
  }

  /** app_uninstalled (cleanup participant): every subscription of the workspace. */
  async deleteWorkspace(ws: WorkspaceRef): Promise<DeleteResult> {
    return this.deleteAll(await this.fromIndex(this.keys.subscriptionsByWorkspace(workspaceKey(ws))));
  }

  /**
   * Pauses a subscription (docs/architecture.md section 5: a confirmed token rejection or a permanent Slack error).
   * True only for the caller that paused it: that one tells the channel and the subscriber, so they hear
   * it once however many events, polls and replicas meet the cause.
   */
  async pause(id: string, reason: PauseReason): Promise<boolean> {
    const pause: SubscriptionPause = { reason, at: this.clock.now(), notified: false };
    const result = await this.scripts.run(
      "subscription-pause",
      [this.keys.subscription(id)],
      [JSON.stringify(pause)],
    );
    if (result !== 1) return false;
    await this.redis.hset(this.keys.subscriptionsPaused(), id, reason);
    return true;
  }

  /**
   * Lifts a pause whose reason is one of `reasons` (a token that works again does not reopen a channel
   * the app cannot post in). True only for the caller that lifted it: that one says so, once.
   */
  async resume(id: string, reasons: readonly PauseReason[]): Promise<boolean> {
    if (reasons.length === 0) return false;
    const result = await this.scripts.run("subscription-resume", [this.keys.subscription(id)], reasons);
    if (result !== 1) return false;
    await this.redis.hdel(this.keys.subscriptionsPaused(), id);
    return true;
  }

  /** Paused subscriptions by reason (the `uptime_chatops_subscriptions_paused` gauge), from one hash. */
  async pausedByReason(): Promise<Map<PauseReason, number>> {
    const counts = new Map<PauseReason, number>();
    for (const reason of await this.redis.hvals(this.keys.subscriptionsPaused())) {
      const known = PAUSE_REASONS.find((r) => r === reason);
      if (known) counts.set(known, (counts.get(known) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Moves a subscription onto another poll target (another subscriber's token of the same API team took
   * over). The record is rewritten first and the target indexes follow, like create. False when gone.
   */
  async moveTarget(id: string, target: string): Promise<boolean> {
    const current = await this.get(id);
    if (!current) return false;
    if (current.target === target) return true;
    const { paused: _paused, ...stored } = { ...current, target };
    if (
      !(await setFieldsIfExists(this.redis, this.keys.subscription(id), {
        [F.sub]: encodeSubscription(stored),
      }))
    ) {
      return false;
    }
    await this.redis.sadd(this.keys.subscriptionsByTarget(target), id);
    await this.redis.srem(this.keys.subscriptionsByTarget(current.target), id);
    return true;
  }

  /** Records that the subscriber was told about the pause. */
  async markPauseNotified(id: string): Promise<void> {
    const subscription = await this.get(id);
    if (!subscription?.paused) return;
    await setFieldsIfExists(this.redis, this.keys.subscription(id), {
      [F.paused]: JSON.stringify({ ...subscription.paused, notified: true }),
    });
  }

  // Index entries go first, records second (the reverse of create).
  private async deleteAll(subscriptions: readonly Subscription[]): Promise<DeleteResult> {
    for (const sub of subscriptions) {
      const wsKey = workspaceKey(sub.workspace);
      await Promise.all([
        this.redis.srem(this.keys.subscriptionsByChannel(wsKey, sub.channelId), sub.id),
        this.redis.srem(this.keys.subscriptionsByTarget(sub.target), sub.id),
        this.redis.srem(this.keys.subscriptionsByUser(wsKey, sub.subscriber.userId), sub.id),
        this.redis.srem(this.keys.subscriptionsByWorkspace(wsKey), sub.id),
        this.redis.hdel(this.keys.subscriptionsPaused(), sub.id),
      ]);
    }
    await deleteKeys(
      this.redis,
      subscriptions.map((sub) => this.keys.subscription(sub.id)),
    );
    return { deleted: [...subscriptions] };
  }

  private async fromIndex(indexKey: string): Promise<Subscription[]> {
    const ids = (await this.redis.smembers(indexKey)).sort();
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found.filter((sub): sub is Subscription => sub !== null);
  }
}

function parseStored(key: string, sub: string, paused: string | null): Subscription {
  const record = decodeSubscription(key, sub, paused);
  return { ...record, workspace: workspaceOf(record.workspace) };
}
