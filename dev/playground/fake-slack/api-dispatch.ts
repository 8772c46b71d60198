import type { Args } from "./args";
import { parseApiBody } from "./args";
import { enforceCallRules } from "./call-rules";
import { checkWebApiContract } from "./contracts";
import { SlackApiError, SlackRateLimitedError } from "./errors";
import type { FailureQueue } from "./failure-queue";
import type { FaultWindows } from "./fault-windows";
import { scopeRefusal } from "./scope-table";
import type { ApiCallRecord } from "./types";
import { type MethodContext, webApiMethods } from "./web-api";

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** How long a workflow token lasts at most (https://docs.slack.dev/authentication/tokens, "Workflow tokens"). */
export const WORKFLOW_TOKEN_LIFETIME_MS = 15 * 60_000;

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}

/** Arguments as recorded: the token left out, binary parts replaced by their size. */
function recordable(args: Args): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === "token") continue;
    out[key] = Buffer.isBuffer(value) ? `<${value.length} bytes>` : value;
  }
  return out;
}

function errorBody(error: SlackApiError): Record<string, unknown> {
  return {
    ok: false,
    error: error.code,
    ...error.extra,
    ...(error.messages.length > 0 ? { response_metadata: { messages: error.messages } } : {}),
  };
}

/**
 * The scopes of a person's token handed out by userTokenFor: reading conversations (the "Scopes", user token,
 * of https://docs.slack.dev/reference/methods/conversations.history and conversations.info). The manifest
 * asks for no user scopes; this token stands for one another app of the person's holds.
 */
const USER_TOKEN_SCOPES: ReadonlySet<string> = new Set([
  "channels:history",
  "groups:history",
  "channels:read",
  "groups:read",
]);

/** The method context with the caller set, its getters (baseUrl) kept live. */
function withCaller(ctx: MethodContext, caller: string): MethodContext {
  return Object.create(ctx, { caller: { value: caller, enumerable: true } }) as MethodContext;
}

/**
 * One Web API call, answered as Slack does: HTTP 200 with `ok` for results and errors, 429 with Retry-After
 * when rate limited, 404 `unknown_method` for methods that do not exist. Every call is recorded.
 */
export async function dispatchApiCall(input: {
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
  query: Args;
  raw: Buffer;
  ctx: MethodContext;
  failures: FailureQueue;
  /** Timed outages of some methods (fault suite); checked after queued failures. */
  faults?: FaultWindows;
}): Promise<ApiAnswer> {
  const { method, ctx } = input;
  let args: Args = { ...input.query };
  let stalledMs: number | undefined;
  const answer = await answerCall();
  const record: ApiCallRecord = {
    method,
    args: recordable(args),
    at: ctx.clock.now(),
    status: answer.status,
    result: answer.body,
    ...(stalledMs !== undefined ? { stalledMs } : {}),
  };
  ctx.state.recordCall(record);
  return answer;

  async function answerCall(): Promise<ApiAnswer> {
    const spec = webApiMethods[method];
    if (!spec)
      return {
        status: 404,
        headers: JSON_HEADERS,
        body: { ok: false, error: "unknown_method", req_method: method },
      };
    let bodyKind: string;
    try {
      const parsed = await parseApiBody(input.contentType, input.raw);
      args = { ...args, ...parsed.args };
      bodyKind = parsed.kind;
    } catch (error) {
      if (error instanceof SlackApiError)
        return { status: 200, headers: JSON_HEADERS, body: errorBody(error) };
      throw error;
    }
    const failure = input.failures.take(method, args);
    const lostAnswer = failure && "status" in failure && failure.status === 500 && failure.afterProcessing;
    if (failure && !lostAnswer) {
      if ("error" in failure)
        return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: failure.error } };
      if (failure.status === 429) {
        return {
          status: 429,
          headers: { ...JSON_HEADERS, "retry-after": String(failure.retryAfter) },
          body: { ok: false, error: "ratelimited" },
        };
      }
      return { status: 500, headers: JSON_HEADERS, body: { ok: false, error: "fatal_error" } };
    }
    const fault = input.faults?.take(method);
    if (fault?.kind === "ratelimited") {
      return {
        status: 429,
        headers: { ...JSON_HEADERS, "retry-after": String(fault.retryAfterSeconds) },
        body: { ok: false, error: "ratelimited" },
      };
    }
    if (fault?.kind === "server_error")
      return { status: fault.status, headers: JSON_HEADERS, body: { ok: false, error: "fatal_error" } };
    // Real time, whatever the fake's clock: the client's own timeout is what a stall is about.
    if (fault?.kind === "stall") {
      stalledMs = fault.stallMs;
      await new Promise((resolve) => setTimeout(resolve, fault.stallMs));
    }
    // Slack takes the token from the Authorization header or, in form bodies and query strings, the `token`
    // field; JSON bodies must use the header.
    const fieldToken = bodyKind === "json" ? input.query.token : args.token;
    const token = bearer(input.authorization) ?? (typeof fieldToken === "string" ? fieldToken : undefined);
    if (token === undefined || token === "")
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "not_authed" } };
    // Every method's errors (e.g. https://api.slack.com/methods/auth.revoke): `token_revoked`, "Authentication
    // token is for a deleted user or workspace or the app has been removed".
    if (ctx.state.revokedTokens.has(token))
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "token_revoked" } };
    // A custom step's run gets a bot token of its own (`bot_access_token` of function_executed,
    // https://docs.slack.dev/reference/events/function_executed), which Bolt calls with inside the step, and
    // a click on a message posted with it brings another. "These tokens expire either 15 minutes after
    // being issued, or when a function step is completed successfully or returns an error—whichever occurs
    // first. The token is then revoked immediately." (https://docs.slack.dev/authentication/tokens,
    // "Workflow tokens").
    const run = [...ctx.state.functionExecutions.values()].find((r) => r.tokens.has(token));
    if (run && run.state !== "running")
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "token_revoked" } };
    if (run && ctx.clock.now() - (run.tokens.get(token) ?? 0) >= WORKFLOW_TOKEN_LIFETIME_MS)
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "token_expired" } };
    const person = ctx.state.userTokens.get(token);
    const kind =
      token === ctx.config.botToken || run
        ? "bot"
        : token === ctx.config.appToken
          ? "app"
          : person !== undefined
            ? "user"
            : undefined;
    if (kind === undefined)
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "invalid_auth" } };
    if (kind !== spec.token && !(kind === "user" && spec.userToken)) {
      return { status: 200, headers: JSON_HEADERS, body: { ok: false, error: "not_allowed_token_type" } };
    }
    try {
      if (kind === "bot") enforceCallRules(method, args, ctx);
      if (kind === "user") {
        const refusal = scopeRefusal(method, args, ctx.state, USER_TOKEN_SCOPES);
        if (refusal) throw refusal;
      }
      checkWebApiContract(method, args, bodyKind, ctx.state, ctx.clock.now());
      const base = run ? { ...ctx, functionRun: run } : ctx;
      const result = await spec.handle(args, person === undefined ? base : withCaller(base, person));
      if (lostAnswer)
        return { status: 500, headers: JSON_HEADERS, body: { ok: false, error: "fatal_error" } };
      return { status: 200, headers: JSON_HEADERS, body: { ok: true, ...result } };
    } catch (error) {
      if (error instanceof SlackApiError)
        return { status: 200, headers: JSON_HEADERS, body: errorBody(error) };
      if (error instanceof SlackRateLimitedError) {
        return {
          status: 429,
          headers: { ...JSON_HEADERS, "retry-after": String(error.retryAfterSeconds) },
          body: { ok: false, error: "ratelimited" },
        };
      }
      throw error;
    }
  }
}
