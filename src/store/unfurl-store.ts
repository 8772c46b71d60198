import { z } from "zod";
import type { WebLinkTarget } from "../domain/web-link-target";
import type { UserRef } from "../domain/workspace-ref";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import type { UnfurlConversationKind } from "./unfurl-consent-store";
import { workspaceKey } from "./workspace";

/** One unfurled link of the web app in one Slack message, and whose token read its card. */
export interface UnfurlRecord {
  channel: string;
  /** The message's ts (`message_ts` of link_shared). */
  ts: string;
  /** The URL as it appeared in the message: chat.unfurl's `unfurls` is keyed by it. */
  url: string;
  target: WebLinkTarget;
  /** The person who posted the link: every refresh reads with their token, or shows nothing. */
  postedBy: UserRef;
  /** What the conversation is (absent in records of older versions: read as a channel, which is checked). */
  kind?: UnfurlConversationKind;
  /** Shared with another organization (Slack Connect) when it was unfurled. */
  external?: boolean;
}

const userRefSchema = z.object({
  teamId: z.string().min(1),
  userId: z.string().min(1),
  enterpriseId: z.string().min(1).optional(),
  isEnterpriseInstall: z.boolean().optional(),
});

const recordSchema = z.object({
  channel: z.string().min(1),
  ts: z.string().min(1),
  url: z.string().min(1),
  target: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("monitor"), monitorId: z.string().min(1) }),
    z.object({ kind: z.literal("incident"), incidentId: z.string().min(1) }),
  ]),
  postedBy: userRefSchema,
  kind: z.enum(["channel", "im", "mpim"]).optional(),
  external: z.boolean().optional(),
});

/** At most this many unfurls of one incident are refreshed (a link pasted everywhere costs one read each). */
const MAX_PER_INCIDENT = 50;

/**
 * The unfurls showing an open incident (docs/architecture.md section 5, "Link unfurls"): a hash per
 * incident, field = workspace, channel, ts and URL (one message unfurls a URL once), value = the record.
 * The key expires (the TTL is renewed by each new unfurl), so a record of an incident whose end the
 * pipeline never saw does not stay. A record this version cannot read is skipped, never an error.
 */
export class UnfurlStore {
  constructor(private readonly d: { redis: RedisClient; keys: Keyspace }) {}

  async remember(incidentId: string, record: UnfurlRecord, ttlSeconds: number): Promise<void> {
    const key = this.d.keys.unfurls(incidentId);
    const field = fieldOf(record);
    const count = await this.d.redis.hlen(key);
    if (count >= MAX_PER_INCIDENT && !(await this.d.redis.hexists(key, field))) return;
    await this.d.redis.multi().hset(key, field, JSON.stringify(record)).expire(key, ttlSeconds).exec();
  }

  async list(incidentId: string): Promise<UnfurlRecord[]> {
    const values = await this.d.redis.hvals(this.d.keys.unfurls(incidentId));
    const records: UnfurlRecord[] = [];
    for (const value of values) {
      try {
        const parsed = recordSchema.safeParse(JSON.parse(value));
        if (parsed.success) records.push(parsed.data as UnfurlRecord);
      } catch {
        // Not JSON: skipped, as the class says.
      }
    }
    return records;
  }

  async forget(incidentId: string): Promise<void> {
    await this.d.redis.del(this.d.keys.unfurls(incidentId));
  }

  /** One card no longer refreshed (its poster left, was unlinked or refused, or withdrew consent). */
  async forgetOne(incidentId: string, record: UnfurlRecord): Promise<void> {
    await this.d.redis.hdel(this.d.keys.unfurls(incidentId), fieldOf(record));
  }
}

function fieldOf(record: UnfurlRecord): string {
  return `${workspaceKey(record.postedBy)}|${record.channel}|${record.ts}|${record.url}`;
}
