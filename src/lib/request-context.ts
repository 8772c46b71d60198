import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/**
 * What every log line written while a Slack request is handled carries: the workspace it came from and an
 * id of its own, so that an operator can pick one request's lines out of many replicas' logs. Held in an
 * AsyncLocalStorage entered by a Bolt middleware (bot/slack-app.ts): listeners, services and the clients they call
 * log with the one shared logger, which adds the context of the request it is called under
 * (createLogger's mixin), with nothing passed down.
 */
export interface RequestContext {
  /** workspaceKey(): `T:T123`, or `E:E123` for an org-wide install; absent when Slack sent no id. */
  workspace?: string;
  requestId: string;
}

/**
 * What the storage holds: how to name the workspace, and the context once a line asked for it. Most
 * requests write no line, so the workspace key and the id (a synchronous random read) are made
 * only then, once per request, so that all of its lines carry the same id.
 */
interface Pending {
  workspaceOf: () => { workspace?: string };
  made?: RequestContext;
}

const storage = new AsyncLocalStorage<Pending>();

/** The context of the request being handled, undefined outside one. */
export function requestContext(): RequestContext | undefined {
  const pending = storage.getStore();
  if (!pending) return undefined;
  pending.made ??= { ...pending.workspaceOf(), requestId: newRequestId() };
  return pending.made;
}

/**
 * Runs `work` (and everything it starts) as part of a new request. `workspaceOf` names its workspace;
 * it runs at most once, when the request's first line is written.
 */
export function withRequestContext<T>(workspaceOf: () => { workspace?: string }, work: () => T): T {
  return storage.run({ workspaceOf }, work);
}

/** A new request id: 12 hex characters, enough to tell apart the requests of one incident's hours. */
export function newRequestId(): string {
  return randomBytes(6).toString("hex");
}
