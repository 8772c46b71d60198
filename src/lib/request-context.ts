import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/**
 * What every log line written while a Slack request is handled carries: the workspace it came from and an
 * id of its own, so that an operator can pick one request's lines out of many replicas' logs. Held in an
 * AsyncLocalStorage entered by a Bolt middleware (app.ts): listeners, services and the clients they call
 * log with the one shared logger, which adds the context of the request it is called under
 * (createLogger's mixin), with nothing passed down.
 */
export interface RequestContext {
  /** workspaceKey(): `T:T123`, or `E:E123` for an org-wide install; absent when Slack sent no id. */
  workspace?: string;
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request being handled, undefined outside one. */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it starts) as part of the request `context`. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** A new request id: 12 hex characters, enough to tell apart the requests of one incident's hours. */
export function newRequestId(): string {
  return randomBytes(6).toString("hex");
}
