import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { sleep } from "../lib/backoff";
import { publicAddress } from "../lib/public-address";
import { scrubUrlsInText } from "../lib/scrub-urls-in-text";
import { parseRecord } from "./corrupt-record-error";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { execOrThrow } from "./redis-helpers";
import { type ScriptRunner, scriptRunner } from "./scripts";
import { workspaceKey } from "./workspace";

/**
 * Where the alert messages of each (channel, incident) are (docs/architecture.md section 5, GitHub's Slack app style:
 * message references stored per channel and object, so later events edit instead of posting), plus the
 * per-channel state of the flap and storm rules and a lock per channel.
 *
 * Every write here happens under the channel lock (lockChannel), so records are plain JSON strings read
 * and rewritten whole; each key carries a TTL so that nothing outlives its use.
 */

const stageSchema = z.enum(["open", "acknowledged", "resolved"]);
export type MessageStage = z.infer<typeof stageSchema>;

/** The incident as an alert shows it; alert-event.ts builds the outbox's stricter schema from it. */
export const alertIncidentSchema = z.object({
  id: z.string(),
  monitorId: z.string(),
  started: z.string(),
  ended: z.string().nullable(),
  acknowledged: z.string().nullable(),
  maintenance: z.boolean(),
  // Scrubbed by the API decoders; again as read back, for records and outbox events an older version wrote
  // before it scrubbed there (docs/architecture.md section 1).
  reason: z
    .string()
    .nullable()
    .transform((r) => (r === null ? null : scrubUrlsInText(r))),
});

/** The monitor as an alert shows it; alert-event.ts builds the outbox's stricter schema from it. */
export const alertMonitorSchema = z.object({
  id: z.string(),
  name: z.string().transform(scrubUrlsInText),
  // As `reason` above: scrubbed again as read back, for what an older version stored.
  target: z.string().transform(publicAddress),
  group: z.string().nullable(),
});

const viewSchema = z.object({
  apiTeamId: z.string(),
  incident: alertIncidentSchema,
  monitor: alertMonitorSchema.nullable(),
  failingLocations: z.array(z.string()),
  teamMonitorCount: z.number().optional(),
  /** The API team's name, for the storm roll-up (read with the counters). */
  teamName: z.string().optional(),
});
/** What a message is redrawn from: the latest view of the incident and its monitor. */
export type StoredAlertView = z.infer<typeof viewSchema>;

// `answered`: Slack answered that attempt with a refusal (429, a permanent error), so it posted nothing
// and a retry need not wait for it to land (POST_SETTLE_MS, alerts/engine/channel-posting.ts).
const attemptSchema = z.object({ eventId: z.string(), at: z.number(), answered: z.boolean().optional() });
/** A post recorded before it is made: a retry that finds it without a ts looks the message up first. */
export type PostAttempt = z.infer<typeof attemptSchema>;

const messageSchema = z.object({
  /**
   * root: a message of its own; thread: a reply in a flapping monitor's thread (`rootOf`); rollup: a line
   * of the storm roll-up; muted: nothing was posted because the monitor was muted when it opened (or a
   * quiet window held it back: `heldBy`).
   */
  mode: z.enum(["root", "thread", "rollup", "muted"]),
  /**
   * The planned quiet window (its id) that held this incident back: alerted at the window's end if still
   * going on. A field rather than a mode of its own, so that a version without windows reads it as muted.
   */
  heldBy: z.string().optional(),
  stage: stageSchema,
  ts: z.string().optional(),
  ackedBy: z.string().optional(),
  attempt: attemptSchema.optional(),
  replyTs: z.string().optional(),
  replyAttempt: attemptSchema.optional(),
  /** The quiet thread reply "Acknowledged by ..." (the incident's timeline; posted once). */
  ackReplyTs: z.string().optional(),
  ackReplyAttempt: attemptSchema.optional(),
  /** `--escalate`: the first step's broadcast thread reply saying it is still unacknowledged (posted once). */
  escalationTs: z.string().optional(),
  escalationAttempt: attemptSchema.optional(),
  /** The later steps' replies (`--escalate 5m,15m,30m`), by step index from 1; each posted once. */
  escalationSteps: z
    .record(z.string(), z.object({ ts: z.string().optional(), attempt: attemptSchema.optional() }))
    .optional(),
  /**
   * Other kinds' replies under the root, each posted once: the latest per kind, `key` naming which one (a
   * period, a step), so that a kind needs no field of its own here.
   */
  posts: z
    .record(
      z.string(),
      z.object({ key: z.string(), ts: z.string().optional(), attempt: attemptSchema.optional() }),
    )
    .optional(),
  /** Lines other kinds add under the root (an acknowledgement that expired), by kind: redrawn with it. */
  notes: z.record(z.string(), z.string()).optional(),
  rootOf: z.string().optional(),
  /** A mute until recovered ended with this incident's recovery: who had set it ("" unknown). */
  muteEndedBy: z.string().optional(),
  flapping: z.object({ incidents: z.number(), windowMinutes: z.number() }).optional(),
  view: viewSchema,
});
export type AlertMessageRecord = z.infer<typeof messageSchema>;

/** One slow-response alert's message in one channel: amber while slow, green once fast. */
const slowMessageSchema = z.object({
  phase: z.enum(["slow", "fast"]),
  ts: z.string().optional(),
  attempt: attemptSchema.optional(),
  apiTeamId: z.string(),
  monitorId: z.string(),
  monitor: alertMonitorSchema.nullable(),
  rule: z.object({ thresholdMs: z.number(), checks: z.number() }),
  since: z.number(),
  samples: z.array(z.object({ at: z.number(), ms: z.number(), location: z.string() })),
  /** The chart uploaded in the message's thread; `chartAt` set before the upload, so it is tried once. */
  chartFileId: z.string().optional(),
  chartAt: z.number().optional(),
  /** Posted as a reply in this thread (a person's quiet hours, alert-gate.ts) rather than at the top. */
  threadTs: z.string().optional(),
});
export type SlowMessageRecord = z.infer<typeof slowMessageSchema>;

const timelineEntrySchema = z.object({
  at: z.number(),
  kind: z.enum(["escalated", "muted", "unmuted", "paged", "page-answered"]),
  channel: z.string(),
  by: z.string().optional(),
  /** A page's people and user groups (`paged`). */
  whom: z.array(z.string()).max(40).optional(),
  until: z.number().optional(),
});
/** One thing that happened to an incident in a Slack channel, beyond the API's own times. */
export type SlackTimelineEntry = z.infer<typeof timelineEntrySchema>;

const monitorSchema = z.object({
  lastRoot: z.object({ ts: z.string(), incidentId: z.string() }).optional(),
  /** incident id -> started (ms) of its recent incidents in this channel. */
  starts: z.record(z.string(), z.number()),
});
export type MonitorAlertState = z.infer<typeof monitorSchema>;

const rollupSchema = z.object({
  id: z.string(),
  ts: z.string().optional(),
  attempt: attemptSchema.optional(),
  /** started (ms) of the newest incident routed into it: a roll-up takes new opens while its storm lasts. */
  lastOpenAt: z.number(),
  members: z.record(z.string(), z.object({ view: viewSchema, stage: stageSchema })),
});
const stormSchema = z.object({
  /** incident id -> started (ms) of the team's recent opens in this channel. */
  opens: z.record(z.string(), z.number()),
  rollup: rollupSchema.optional(),
});
export type StormState = z.infer<typeof stormSchema>;

/** How many of a channel's latest incidents it remembers: a picker's worth (a static select holds 100). */
export const CHANNEL_INCIDENTS_MAX = 50;

export interface AlertMessageTtls {
  /** After an incident resolved, its record is kept this long (a late or redelivered event is a no-op). */
  resolvedMs: number;
  /** Open incidents (refreshed on every write). */
  openMs: number;
  /** Flap and storm state. */
  windowStateMs: number;
}

export const DEFAULT_ALERT_MESSAGE_TTLS: AlertMessageTtls = {
  resolvedMs: 7 * 24 * 3_600_000,
  openMs: 30 * 24 * 3_600_000,
  windowStateMs: 24 * 3_600_000,
};

/** A held channel lock; `extend` before a slow step, `release` at the end. */
export interface ChannelLock {
  readonly token: string;
  /** False when the lock was lost (it expired): the caller stops and lets the event be retried. */
  extend(ttlMs?: number): Promise<boolean>;
  release(): Promise<void>;
}

const LOCK_POLL_MS = 25;

export class AlertMessageStore {
  private readonly redis: RedisClient;
  private readonly keys: Keyspace;
  private readonly scripts: ScriptRunner;
  private readonly ttls: AlertMessageTtls;

  constructor(deps: { redis: RedisClient; keys: Keyspace; ttls?: Partial<AlertMessageTtls> }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
    this.scripts = scriptRunner(deps.redis);
    this.ttls = { ...DEFAULT_ALERT_MESSAGE_TTLS, ...deps.ttls };
  }

  async get(ws: WorkspaceRef, channelId: string, incidentId: string): Promise<AlertMessageRecord | null> {
    return this.read(this.keys.alertMessage(workspaceKey(ws), channelId, incidentId), messageSchema);
  }

  async put(
    ws: WorkspaceRef,
    channelId: string,
    incidentId: string,
    record: AlertMessageRecord,
  ): Promise<void> {
    const ttl = record.stage === "resolved" ? this.ttls.resolvedMs : this.ttls.openMs;
    await this.write(this.keys.alertMessage(workspaceKey(ws), channelId, incidentId), record, ttl);
  }

  async getSlow(ws: WorkspaceRef, channelId: string, alertId: string): Promise<SlowMessageRecord | null> {
    return this.read(this.keys.alertSlow(workspaceKey(ws), channelId, alertId), slowMessageSchema);
  }

  async putSlow(ws: WorkspaceRef, channelId: string, alertId: string, record: SlowMessageRecord) {
    const ttl = record.phase === "fast" ? this.ttls.resolvedMs : this.ttls.openMs;
    await this.write(this.keys.alertSlow(workspaceKey(ws), channelId, alertId), record, ttl);
  }

  /**
   * Who acknowledged an incident from Slack (any channel's button, `/uptime ack`, App Home, a list), for
   * every channel's message of it; written once the API accepted the acknowledge.
   */
  async setAckedBy(ws: WorkspaceRef, incidentId: string, userId: string): Promise<void> {
    const key = this.keys.alertAckedBy(workspaceKey(ws), incidentId);
    await this.redis.set(key, userId, "PX", Math.max(1, Math.round(this.ttls.openMs)));
  }

  /** Notes that `channelId` (through `subscriptionId`) has a message of the incident (kept as long as one). */
  async addIncidentChannel(
    ws: WorkspaceRef,
    incidentId: string,
    channelId: string,
    subscriptionId: string,
  ): Promise<void> {
    const key = this.keys.alertIncidentChannels(workspaceKey(ws), incidentId);
    const recent = this.keys.alertChannelIncidents(workspaceKey(ws), channelId);
    const ttl = Math.max(1, Math.round(this.ttls.openMs));
    // Sent together (one round trip); two transactions since the two keys may sit on two cluster slots.
    await Promise.all([
      execOrThrow(this.redis.multi().hset(key, channelId, subscriptionId).pexpire(key, ttl)),
      execOrThrow(
        this.redis
          .multi()
          // NX: a redelivery keeps the incident's place among the channel's recent ones.
          .zadd(recent, "NX", Date.now(), incidentId)
          .zremrangebyrank(recent, 0, -(CHANNEL_INCIDENTS_MAX + 1))
          .pexpire(recent, ttl),
      ),
    ]);
  }

  /** The channel's most recently alerted incidents, newest first (their records may have expired since). */
  async channelIncidents(ws: WorkspaceRef, channelId: string): Promise<string[]> {
    return this.redis.zrevrange(this.keys.alertChannelIncidents(workspaceKey(ws), channelId), 0, -1);
  }

  /** Every channel with a message of the incident, and the subscription it came through. */
  async incidentChannels(
    ws: WorkspaceRef,
    incidentId: string,
  ): Promise<{ channelId: string; subscriptionId: string }[]> {
    const all = await this.redis.hgetall(this.keys.alertIncidentChannels(workspaceKey(ws), incidentId));
    return Object.entries(all).map(([channelId, subscriptionId]) => ({ channelId, subscriptionId }));
  }

  /** Adds what happened to an incident in Slack to its timeline (kept as long as an open incident's record). */
  async addTimeline(ws: WorkspaceRef, incidentId: string, entry: SlackTimelineEntry): Promise<void> {
    const key = this.keys.alertTimeline(workspaceKey(ws), incidentId);
    await execOrThrow(
      this.redis
        .multi()
        .rpush(key, JSON.stringify(entry))
        .pexpire(key, Math.max(1, Math.round(this.ttls.openMs))),
    );
  }

  /** The incident's Slack timeline, oldest first; an entry this version cannot read is left out. */
  async timeline(ws: WorkspaceRef, incidentId: string): Promise<SlackTimelineEntry[]> {
    const raw = await this.redis.lrange(this.keys.alertTimeline(workspaceKey(ws), incidentId), 0, 999);
    return raw.flatMap((item) => {
      try {
        const parsed = timelineEntrySchema.safeParse(JSON.parse(item));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  async ackedBy(ws: WorkspaceRef, incidentId: string): Promise<string | null> {
    return this.redis.get(this.keys.alertAckedBy(workspaceKey(ws), incidentId));
  }

  async getMonitor(ws: WorkspaceRef, channelId: string, monitorId: string): Promise<MonitorAlertState> {
    const key = this.keys.alertMonitor(workspaceKey(ws), channelId, monitorId);
    return (await this.read(key, monitorSchema)) ?? { starts: {} };
  }

  async putMonitor(ws: WorkspaceRef, channelId: string, monitorId: string, state: MonitorAlertState) {
    const key = this.keys.alertMonitor(workspaceKey(ws), channelId, monitorId);
    await this.write(key, state, this.ttls.windowStateMs);
  }

  /**
   * What an opening decides from in one round trip (the reads sent together): the incident's record, and
   * the monitor's flap and the team's storm state in the channel.
   */
  async opening(
    ws: WorkspaceRef,
    channelId: string,
    incident: { id: string; monitorId: string },
    apiTeamId: string,
  ): Promise<{ record: AlertMessageRecord | null; monitor: MonitorAlertState; storm: StormState }> {
    const [record, monitor, storm] = await Promise.all([
      this.get(ws, channelId, incident.id),
      this.getMonitor(ws, channelId, incident.monitorId),
      this.getStorm(ws, channelId, apiTeamId),
    ]);
    return { record, monitor, storm };
  }

  async getStorm(ws: WorkspaceRef, channelId: string, apiTeamId: string): Promise<StormState> {
    const key = this.keys.alertStorm(workspaceKey(ws), channelId, apiTeamId);
    return (await this.read(key, stormSchema)) ?? { opens: {} };
  }

  async putStorm(ws: WorkspaceRef, channelId: string, apiTeamId: string, state: StormState): Promise<void> {
    const key = this.keys.alertStorm(workspaceKey(ws), channelId, apiTeamId);
    await this.write(key, state, this.ttls.windowStateMs);
  }

  /**
   * Takes the lock of a channel for `ttlMs`; null when another worker holds it. One worker at a time
   * reconciles a channel, so two events of one incident (or two opens deciding a storm) never race;
   * the channel takes about one post a second anyway. With `wait`, another worker's lock is waited for
   * up to `waitMs` (polled) before giving up.
   */
  async lockChannel(
    ws: WorkspaceRef,
    channelId: string,
    ttlMs: number,
    wait?: { waitMs: number; signal?: AbortSignal | undefined },
  ): Promise<ChannelLock | null> {
    const key = this.keys.alertChannelLock(workspaceKey(ws), channelId);
    const token = randomBytes(12).toString("base64url");
    // Real time, not an injected clock: this is an operational timeout, not a domain time.
    const deadline = Date.now() + (wait?.waitMs ?? 0);
    for (;;) {
      const taken = await this.redis.set(key, token, "PX", Math.max(1, Math.round(ttlMs)), "NX");
      if (taken === "OK") break;
      if (Date.now() >= deadline) return null;
      await sleep(LOCK_POLL_MS, wait?.signal);
    }
    return {
      token,
      extend: async (next = ttlMs) =>
        (await this.scripts.run("alert-lock-extend", [key], [token, Math.max(1, Math.round(next))])) === 1,
      release: async () => void (await this.scripts.run("alert-lock-release", [key], [token])),
    };
  }

  private async read<T>(key: string, schema: z.ZodType<T>): Promise<T | null> {
    const raw = await this.redis.get(key);
    if (raw === null) return null;
    return parseRecord(key, raw, schema);
  }

  private async write(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.redis.set(key, JSON.stringify(value), "PX", Math.max(1, Math.round(ttlMs)));
  }
}
