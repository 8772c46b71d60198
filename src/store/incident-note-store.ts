import { z } from "zod";
import { type IncidentNote, NOTE_TTL_MS, NOTES_PER_INCIDENT_MAX } from "../domain/incident-notes";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { scrubUrlsInText } from "../lib/scrub-urls-in-text";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { execOrThrow } from "./redis-helpers";
import { workspaceKey } from "./workspace";

const noteSchema = z.object({
  by: z.string(),
  author: z.string().optional(),
  at: z.number(),
  // Scrubbed where it entered; again as read back, like the API's free text.
  text: z.string().transform(scrubUrlsInText),
  permalink: z.string().optional(),
  source: z.string(),
});

export type AddNoteResult = "added" | "duplicate" | "full";

/**
 * An incident's notes (one hash per incident and workspace, source -> note), the alert roots' index
 * (channel and ts -> incident) that lets a message shortcut find its incident, and the postmortem canvas
 * of each incident. The API keeps none of these.
 */
export class IncidentNoteStore {
  private readonly ttlMs: number;
  private readonly max: number;

  constructor(
    private readonly d: { redis: RedisClient; keys: Keyspace },
    bounds: { ttlMs?: number; max?: number } = {},
  ) {
    this.ttlMs = bounds.ttlMs ?? NOTE_TTL_MS;
    this.max = bounds.max ?? NOTES_PER_INCIDENT_MAX;
  }

  /**
   * Adds a note unless its source is there already. Added first and taken back when over the bound, so that
   * two replicas adding at once never leave more than `max` (both may be refused at the edge: never more).
   */
  async add(ws: WorkspaceRef, incidentId: string, note: IncidentNote): Promise<AddNoteResult> {
    const key = this.d.keys.incidentNotes(workspaceKey(ws), incidentId);
    const [added, count] = (await execOrThrow(
      this.d.redis.multi().hsetnx(key, note.source, JSON.stringify(note)).hlen(key).pexpire(key, this.ttlMs),
    )) as [number, number, number];
    if (added === 0) return "duplicate";
    if (count <= this.max) return "added";
    await this.d.redis.hdel(key, note.source);
    return "full";
  }

  /** The incident's notes, oldest first; a note this version cannot read is left out. */
  async list(ws: WorkspaceRef, incidentId: string): Promise<IncidentNote[]> {
    const all = await this.d.redis.hgetall(this.d.keys.incidentNotes(workspaceKey(ws), incidentId));
    return Object.values(all)
      .flatMap((raw) => {
        try {
          const parsed = noteSchema.safeParse(JSON.parse(raw));
          return parsed.success ? [parsed.data] : [];
        } catch {
          return [];
        }
      })
      .sort((a, b) => a.at - b.at || a.source.localeCompare(b.source));
  }

  async count(ws: WorkspaceRef, incidentId: string): Promise<number> {
    return this.d.redis.hlen(this.d.keys.incidentNotes(workspaceKey(ws), incidentId));
  }

  /** Remembers which incident an alert root is, for as long as the notes of it are kept. */
  async indexRoot(ws: WorkspaceRef, channelId: string, ts: string, incidentId: string): Promise<void> {
    await this.d.redis.set(
      this.d.keys.alertRootOf(workspaceKey(ws), channelId, ts),
      incidentId,
      "PX",
      this.ttlMs,
    );
  }

  async incidentOfRoot(ws: WorkspaceRef, channelId: string, ts: string): Promise<string | null> {
    return this.d.redis.get(this.d.keys.alertRootOf(workspaceKey(ws), channelId, ts));
  }

  /**
   * The incident's postmortem canvas: `claim` is set if absent (two runs at once make one canvas), then
   * replaced by the canvas id once made; `release` drops a claim whose canvas could not be made.
   */
  async canvasOf(ws: WorkspaceRef, incidentId: string): Promise<string | null> {
    return this.d.redis.get(this.d.keys.incidentCanvas(workspaceKey(ws), incidentId));
  }

  async claimCanvas(ws: WorkspaceRef, incidentId: string, claim: string, ttlMs: number): Promise<boolean> {
    const key = this.d.keys.incidentCanvas(workspaceKey(ws), incidentId);
    return (await this.d.redis.set(key, claim, "PX", ttlMs, "NX")) === "OK";
  }

  async putCanvas(ws: WorkspaceRef, incidentId: string, canvasId: string): Promise<void> {
    const key = this.d.keys.incidentCanvas(workspaceKey(ws), incidentId);
    await this.d.redis.set(key, canvasId, "PX", this.ttlMs);
  }

  async releaseCanvas(ws: WorkspaceRef, incidentId: string, claim: string): Promise<void> {
    const key = this.d.keys.incidentCanvas(workspaceKey(ws), incidentId);
    // Only our own claim: a canvas id or another run's claim stays.
    if ((await this.d.redis.get(key)) === claim) await this.d.redis.del(key);
  }
}
