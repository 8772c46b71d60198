import { z } from "zod";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { parseRecord } from "./corrupt-record-error";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { execOrThrow } from "./redis-helpers";
import { workspaceKey } from "./workspace";

/**
 * Incident channels: who is opening one (a claim set if absent, so that two clicks on two
 * replicas make one channel), the channel once created, which incidents it follows, and its timeline posts
 * (each recorded before it is made, so that the outbox's retries post it once).
 */

const attemptSchema = z.object({ eventId: z.string(), at: z.number(), answered: z.boolean().optional() });

const recordSchema = z.object({
  channelId: z.string(),
  name: z.string(),
  /** The alert's channel: only its delivery feeds the incident channel, once per event. */
  sourceChannel: z.string(),
  apiTeamId: z.string(),
  incidents: z.array(z.string()),
  openedBy: z.string(),
  openedAt: z.number(),
  teamName: z.string().nullable().optional(),
  archived: z.boolean().optional(),
});
export type IncidentChannelRecord = z.infer<typeof recordSchema>;

const postSchema = z.object({ attempt: attemptSchema.optional(), ts: z.string().optional() });
export type IncidentChannelPost = z.infer<typeof postSchema>;

/** Kept as long as an open incident's alert record (30 days). */
const RECORD_TTL_MS = 30 * 24 * 3_600_000;

export class IncidentChannelStore {
  constructor(private readonly d: { redis: RedisClient; keys: Keyspace }) {}

  /** True for the first claimer; the claim lapses after `ttlMs` so that a crashed opener blocks nobody long. */
  async claim(ws: WorkspaceRef, subject: string, userId: string, ttlMs: number): Promise<boolean> {
    const key = this.d.keys.incidentChannelClaim(workspaceKey(ws), subject);
    return (await this.d.redis.set(key, userId, "PX", Math.max(1, ttlMs), "NX")) === "OK";
  }

  async claimant(ws: WorkspaceRef, subject: string): Promise<string | null> {
    return this.d.redis.get(this.d.keys.incidentChannelClaim(workspaceKey(ws), subject));
  }

  async release(ws: WorkspaceRef, subject: string): Promise<void> {
    await this.d.redis.del(this.d.keys.incidentChannelClaim(workspaceKey(ws), subject));
  }

  async get(ws: WorkspaceRef, subject: string): Promise<IncidentChannelRecord | null> {
    const key = this.d.keys.incidentChannel(workspaceKey(ws), subject);
    const raw = await this.d.redis.get(key);
    return raw === null ? null : parseRecord(key, raw, recordSchema);
  }

  /**
   * Saves the record, then points each of its incidents at the subject (the delivery's feed finds it so).
   * One key per command, no MULTI: the keys lie in different slots of a Redis Cluster, and the order is
   * enough (an index is written only once the record it names exists).
   */
  async put(ws: WorkspaceRef, subject: string, record: IncidentChannelRecord): Promise<void> {
    const w = workspaceKey(ws);
    const key = this.d.keys.incidentChannel(w, subject);
    await this.d.redis.set(key, JSON.stringify(record), "PX", RECORD_TTL_MS);
    await Promise.all([
      ...record.incidents.map((id) =>
        this.d.redis.set(this.d.keys.incidentChannelOf(w, id), subject, "PX", RECORD_TTL_MS),
      ),
      this.d.redis.set(this.d.keys.incidentChannelSubject(w, record.channelId), subject, "PX", RECORD_TTL_MS),
    ]);
  }

  /** The record of an incident channel by its Slack channel id (a message shortcut used inside it). */
  async byChannel(ws: WorkspaceRef, channelId: string): Promise<IncidentChannelRecord | null> {
    const subject = await this.d.redis.get(this.d.keys.incidentChannelSubject(workspaceKey(ws), channelId));
    return subject === null ? null : this.get(ws, subject);
  }

  async subjectOf(ws: WorkspaceRef, incidentId: string): Promise<string | null> {
    return this.d.redis.get(this.d.keys.incidentChannelOf(workspaceKey(ws), incidentId));
  }

  async getPost(ws: WorkspaceRef, subject: string, field: string): Promise<IncidentChannelPost> {
    const key = this.d.keys.incidentChannelPosts(workspaceKey(ws), subject);
    const raw = await this.d.redis.hget(key, field);
    return raw === null ? {} : parseRecord(key, raw, postSchema);
  }

  async putPost(ws: WorkspaceRef, subject: string, field: string, post: IncidentChannelPost): Promise<void> {
    const key = this.d.keys.incidentChannelPosts(workspaceKey(ws), subject);
    // One key: a MULTI stays in its slot.
    await execOrThrow(
      this.d.redis.multi().hset(key, field, JSON.stringify(post)).pexpire(key, RECORD_TTL_MS),
    );
  }
}
