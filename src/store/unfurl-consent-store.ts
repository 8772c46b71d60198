import { z } from "zod";
import type { WebLinkTarget } from "../domain/web-link-target";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";
import { workspaceKey } from "./workspace";

/**
 * A person's answer to "Show a live preview ... to everyone here?" (docs/slack-app.md "Link unfurls"):
 * `show` and `not-here` hold for their links in one conversation, `never` for their links anywhere.
 */
export type UnfurlChoice = "show" | "not-here" | "never";

/** What a conversation is, as far as unfurls care: only channels can be left, so only they are re-checked. */
export type UnfurlConversationKind = "channel" | "im" | "mpim";

/** A question asked and not yet answered: enough to unfurl the message when the answer is Show. */
export interface UnfurlPrompt {
  channel: string;
  ts: string;
  links: { url: string; target: WebLinkTarget }[];
  postedBy: UserRef;
  kind: UnfurlConversationKind;
  external: boolean;
}

const EVERYWHERE = "*";

const targetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("monitor"), monitorId: z.string().min(1) }),
  z.object({ kind: z.literal("incident"), incidentId: z.string().min(1) }),
]);

const promptSchema = z.object({
  channel: z.string().min(1),
  ts: z.string().min(1),
  links: z.array(z.object({ url: z.string().min(1), target: targetSchema })).min(1),
  postedBy: z.object({
    teamId: z.string().min(1),
    userId: z.string().min(1),
    enterpriseId: z.string().min(1).optional(),
    isEnterpriseInstall: z.boolean().optional(),
  }),
  kind: z.enum(["channel", "im", "mpim"]),
  external: z.boolean(),
});

/**
 * Consent to link previews, in Redis: one hash per person (conversation
 * -> choice, `*` -> never), one flag per workspace for externally shared channels, and the open questions
 * (a string each, with a TTL, taken once so that two clicks on two replicas unfurl once).
 */
export class UnfurlConsentStore {
  constructor(private readonly d: { redis: RedisClient; keys: Keyspace }) {}

  /** The person's choice for their links in this conversation; `never` wins over any conversation's. */
  async choice(ref: UserRef, channel: string): Promise<UnfurlChoice | null> {
    const [here, everywhere] = await this.d.redis.hmget(this.personKey(ref), channel, EVERYWHERE);
    if (everywhere === "never") return "never";
    return here === "show" || here === "not-here" ? here : null;
  }

  async choose(ref: UserRef, channel: string, choice: UnfurlChoice): Promise<void> {
    if (choice === "never") await this.d.redis.hset(this.personKey(ref), EVERYWHERE, "never");
    else await this.d.redis.hset(this.personKey(ref), channel, choice);
  }

  /** App Home's switch: `never` on or off; the per-conversation answers stay as they were. */
  async setNever(ref: UserRef, never: boolean): Promise<void> {
    if (never) await this.d.redis.hset(this.personKey(ref), EVERYWHERE, "never");
    else await this.d.redis.hdel(this.personKey(ref), EVERYWHERE);
  }

  async never(ref: UserRef): Promise<boolean> {
    return (await this.d.redis.hget(this.personKey(ref), EVERYWHERE)) === "never";
  }

  async externalAllowed(ws: WorkspaceRef): Promise<boolean> {
    return (await this.d.redis.get(this.d.keys.unfurlExternal(workspaceKey(ws)))) === "1";
  }

  async setExternalAllowed(ws: WorkspaceRef, allowed: boolean): Promise<void> {
    const key = this.d.keys.unfurlExternal(workspaceKey(ws));
    if (allowed) await this.d.redis.set(key, "1");
    else await this.d.redis.del(key);
  }

  async savePrompt(id: string, prompt: UnfurlPrompt, ttlSeconds: number): Promise<void> {
    await this.d.redis.set(this.d.keys.unfurlPrompt(id), JSON.stringify(prompt), "EX", ttlSeconds);
  }

  /** The question, once (GETDEL); null when answered already, expired or unreadable. */
  async takePrompt(id: string): Promise<UnfurlPrompt | null> {
    const json = await this.d.redis.getdel(this.d.keys.unfurlPrompt(id));
    if (json === null) return null;
    try {
      const parsed = promptSchema.safeParse(JSON.parse(json));
      return parsed.success ? (parsed.data as UnfurlPrompt) : null;
    } catch {
      return null;
    }
  }

  private personKey(ref: UserRef): string {
    return this.d.keys.unfurlConsent(workspaceKey(ref), ref.userId);
  }
}
