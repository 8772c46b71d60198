import type { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse as parseQuery } from "node:querystring";
import { Agent } from "undici";
import { systemClock } from "../../../src/lib/clock";
import { dispatchApiCall } from "./api-dispatch";
import { type Args, parseApiBody } from "./args";
import { FakeSlackUsageError } from "./errors";
import { type FailureMatch, FailureQueue } from "./failure-queue";
import { FaultWindows, type SlackFaultInput } from "./fault-windows";
import { postUserMessage, runWorkflowStep } from "./link-and-step-events";
import { type ManifestRules, manifestRules } from "./manifest-rules";
import { deactivateUser, revokeTokens, uninstallApp } from "./member-events";
import { messageShortcut } from "./message-shortcuts";
import { RateTiers } from "./rate-tiers";
import { ResponseUrlRegistry } from "./response-urls";
import { type BlockActionResult, type EventResult, SlackSender } from "./sender";
import { FakeSocketMode } from "./socket-mode";
import { FakeSlackState } from "./state";
import { TriggerRegistry } from "./triggers";
import type {
  ApiFailure,
  FakeChannelSeed,
  FakeSlackConfig,
  FakeSlackOptions,
  FakeUsergroupSeed,
  FakeUserSeed,
  FunctionExecution,
  Via,
} from "./types";
import type { MethodContext } from "./web-api";
import { acceptUpload } from "./web-api/files";

export interface FakeSlack {
  /** http://host:port of the fake. */
  url: string;
  /** `${url}/api/`, for WebClient's / Bolt's `slackApiUrl`. */
  apiUrl: string;
  config: FakeSlackConfig;
  /** What the fake enforces from the app's manifest (granted scopes, the Messages tab). */
  manifest: ManifestRules;
  state: FakeSlackState;
  /** "change" (FakeSlackChange) for a page; "call" (ApiCallRecord) per Web API call. */
  events: EventEmitter;
  /**
   * The next `times` calls of `method` fail as given (before authentication and validation); with
   * `match.channel`, only calls to that channel (a user id: a DM posted by user id).
   */
  failNext(method: string, failure: ApiFailure, times?: number, match?: FailureMatch): void;
  /**
   * Timed Slack outages (429 with Retry-After, 5xx, stalls) of some methods; also over HTTP for another
   * process: `POST /__fake-slack/faults` with a SlackFaultInput, `DELETE /__fake-slack/faults`.
   */
  faults: { set(input: SlackFaultInput): void; clear(): void };
  /**
   * Archives a channel as a member would (`POST /__fake-slack/channels/<id>/archive` over HTTP): posting
   * there then answers `is_archived`, and conversations.info shows `is_archived: true`.
   */
  archiveChannel(id: string): void;
  /**
   * An admin deactivates a member (`POST /__fake-slack/users/<id>/deactivate`): `user_change` with
   * `deleted: true` when the manifest subscribes to it and grants `users:read` (member-events.ts).
   */
  deactivateUser(userId: string): Promise<EventResult | undefined>;
  /** Tokens revoked (`POST /__fake-slack/tokens-revoked` with `{oauth?, bot?}`): `tokens_revoked`. */
  revokeTokens(tokens: { oauth?: string[]; bot?: string[] }): Promise<EventResult | undefined>;
  /** The app uninstalled (`POST /__fake-slack/uninstall`): the bot token revoked, `app_uninstalled`. */
  uninstallApp(): Promise<EventResult | undefined>;
  /**
   * A person leaves a channel (`POST /__fake-slack/channels/<id>/leave` with `{"user": ...}` over HTTP):
   * conversations.members no longer lists them (https://docs.slack.dev/reference/methods/conversations.members).
   */
  leaveChannel(id: string, user: string): void;
  sender: SlackSender;
  /**
   * A person posts a message (no slash command): stored, and `link_shared` sent to the app for links of the
   * manifest's unfurl_domains, as Slack does (link-and-step-events.ts).
   */
  postUserMessage(input: {
    userId: string;
    channelId: string;
    text: string;
    threadTs?: string;
  }): Promise<{ ts: string; linkShared?: EventResult }>;
  /**
   * A workflow runs one of the app's custom steps, `runBy` the person running it: `function_executed`, and
   * the run (state.functionExecutions) records how the app completed it (link-and-step-events.ts).
   */
  runWorkflowStep(input: {
    callbackId: string;
    runBy?: string;
    inputs?: Record<string, unknown>;
  }): Promise<{ execution: FunctionExecution; delivery: EventResult }>;
  /**
   * A person picks one of the app's message shortcuts on a message: `message_action`, only for a shortcut
   * the manifest declares (message-shortcuts.ts).
   */
  messageShortcut(input: {
    userId: string;
    callbackId: string;
    channelId: string;
    messageTs: string;
    via?: Via;
  }): Promise<BlockActionResult>;
  /** A trigger_id for a user as an interaction would carry (for tests that call views.open directly). */
  issueTriggerId(userId: string): string;
  /** Where the sender delivers over HTTP (the bot's /slack/events URL). */
  setAppUrl(url: string | undefined): void;
  socket: {
    connected(): boolean;
    waitForConnection(timeoutMs?: number): Promise<void>;
    /** Sends Slack's `disconnect` message; the SDK reconnects through apps.connections.open. */
    requestReconnect(reason?: string): void;
  };
  close(): Promise<void>;
}

export const DEFAULT_USERS: FakeUserSeed[] = [
  { id: "U0ALICE", name: "alice", realName: "Alice Adams", isAdmin: true },
  { id: "U0BOB", name: "bob", realName: "Bob Brown" },
  { id: "U0CAROL", name: "carol", realName: "Carol Chen" },
];

function defaultChannels(users: FakeUserSeed[], botUserId: string): FakeChannelSeed[] {
  const everyone = users.map((u) => u.id);
  return [
    { id: "C0GENERAL", name: "general", members: [...everyone, botUserId] },
    { id: "C0ALERTS", name: "alerts", members: [...everyone, botUserId] },
    { id: "C0RANDOM", name: "random", members: everyone },
  ];
}

function defaultUsergroups(users: FakeUserSeed[]): FakeUsergroupSeed[] {
  return [
    { id: "S0ONCALL", handle: "oncall", name: "On-call", users: users.slice(0, 2).map((u) => u.id) },
    { id: "S0SRE", handle: "sre", name: "SRE", users: users.map((u) => u.id) },
  ];
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
) {
  response.writeHead(status, headers);
  response.end(body);
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  send(
    response,
    status,
    { "content-type": "application/json; charset=utf-8", ...headers },
    JSON.stringify(body),
  );
}

/** A response_url body: JSON as Bolt's respond() sends it, or a form with a `payload` field. */
function responseUrlBody(contentType: string | undefined, raw: Buffer): unknown {
  const text = raw.toString("utf8");
  try {
    if ((contentType ?? "").includes("application/x-www-form-urlencoded")) {
      const payload = parseQuery(text).payload;
      return typeof payload === "string" ? JSON.parse(payload) : undefined;
    }
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Starts the fake Slack (Web API, response_urls, file uploads, Socket Mode) on a free port by default. */
export async function startFakeSlack(options: FakeSlackOptions): Promise<FakeSlack> {
  const clock = options.clock ?? systemClock;
  // Read first: a manifest that cannot be read is a usage error before anything listens.
  const manifest = manifestRules(options.manifest);
  const botUserId = options.botUserId ?? "U0BOT";
  if (options.enterpriseInstall && !options.enterpriseId) {
    throw new FakeSlackUsageError("an org-wide install (enterpriseInstall) needs an enterpriseId");
  }
  const config: FakeSlackConfig = {
    signingSecret: options.signingSecret,
    botToken: options.botToken ?? "xoxb-fake-bot",
    appToken: options.appToken ?? "xapp-fake-app",
    teamId: options.teamId ?? "T0DEMO",
    enterpriseId: options.enterpriseId,
    isEnterpriseInstall: options.enterpriseInstall === true,
    teamDomain: options.teamDomain ?? "demo",
    botUserId,
    botId: options.botId ?? "B0BOT",
    appId: options.appId ?? "A0UPTIME",
    botName: "uptime",
    ackTimeoutMs: options.ackTimeoutMs ?? 3000,
    clock,
  };
  const users = options.users ?? DEFAULT_USERS;
  const state = new FakeSlackState(config, {
    users,
    channels: options.channels ?? [...defaultChannels(users, botUserId), ...(options.extraChannels ?? [])],
    usergroups: options.usergroups ?? defaultUsergroups(users),
  });
  const host = options.host ?? "127.0.0.1";
  let baseUrl = "";
  let appUrl = options.appUrl;
  const failures = new FailureQueue();
  const faults = new FaultWindows(clock);
  const archiveChannel = (id: string) => {
    if (!state.setArchived(id, true)) throw new FakeSlackUsageError(`no channel ${id} to archive`);
  };
  const leaveChannel = (id: string, user: string) => {
    if (!state.removeMember(id, user))
      throw new FakeSlackUsageError(`${user} is not a member of a channel ${id}`);
  };
  const triggers = new TriggerRegistry(clock);
  const socket = new FakeSocketMode(config.appId, () => baseUrl.replace(/^http/, "ws"));
  const responseUrls = new ResponseUrlRegistry(state, clock, () => baseUrl);
  const rates = new RateTiers(clock, {
    enabled: options.rateLimits !== false,
    ...(options.channelRateLimitPerSecond !== undefined
      ? { postMessagePerSecond: options.channelRateLimitPerSecond }
      : {}),
    ...(options.channelRateLimitBurst !== undefined
      ? { postMessageBurst: options.channelRateLimitBurst }
      : {}),
  });
  const ctx: MethodContext = {
    state,
    config,
    clock,
    triggers,
    limiter: rates.postMessage,
    rates,
    manifest,
    get baseUrl() {
      return baseUrl;
    },
    openSocketUrl: () => socket.openUrl(),
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const method = (request.method ?? "GET").toUpperCase();
    const parts = url.pathname.split("/").filter((p) => p !== "");
    const contentType = request.headers["content-type"];

    if (parts[0] === "api" && parts.length === 2 && (method === "POST" || method === "GET")) {
      const raw = method === "POST" ? await readBody(request) : Buffer.alloc(0);
      const query: Args = {};
      for (const [key, value] of url.searchParams) query[key] = value;
      const answer = await dispatchApiCall({
        method: decodeURIComponent(parts[1] ?? ""),
        authorization: request.headers.authorization,
        contentType,
        query,
        raw,
        ctx,
        failures,
        faults,
      });
      return sendJson(response, answer.status, answer.body, answer.headers);
    }
    if (parts[0] === "__fake-slack") return control(parts.slice(1), method, request, response);
    if (parts[0] === "response" && parts.length === 2 && method === "POST") {
      const answer = responseUrls.post(parts[1] ?? "", responseUrlBody(contentType, await readBody(request)));
      return sendJson(response, answer.status, answer.body);
    }
    if (parts[0] === "upload" && parts[1] === "v1" && parts.length === 3 && method === "POST") {
      const raw = await readBody(request);
      const { args } = await parseApiBody(contentType ?? "application/octet-stream", raw).catch(() => ({
        args: {} as Args,
      }));
      const file = acceptUpload(state, parts[2] ?? "", args, raw);
      // Slack's upload endpoint answers "OK - <bytes>" in plain text.
      if (!file) return send(response, 404, { "content-type": "text/plain" }, "file not found");
      return send(response, 200, { "content-type": "text/plain" }, `OK - ${file.content?.length ?? 0}`);
    }
    if (parts[0] === "files-pri" && parts.length >= 3 && method === "GET") {
      const id = (parts[1] ?? "").split("-").pop() ?? "";
      const file = state.files.get(id);
      if (!file?.content) return send(response, 404, { "content-type": "text/plain" }, "file not found");
      return send(response, 200, { "content-type": "application/octet-stream" }, file.content);
    }
    sendJson(response, 404, { ok: false, error: "not_found" });
  }

  /** The control routes (not Slack's): fault windows and channel archiving, for a test in another process. */
  async function control(
    parts: string[],
    method: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    try {
      if (parts.join("/") === "faults" && method === "POST") {
        let input: SlackFaultInput;
        try {
          input = JSON.parse((await readBody(request)).toString("utf8")) as SlackFaultInput;
        } catch {
          throw new FakeSlackUsageError("the body must be a JSON fault definition");
        }
        faults.set(input);
        return sendJson(response, 201, { ok: true });
      }
      if (parts.join("/") === "faults" && method === "DELETE") {
        faults.clear();
        return sendJson(response, 200, { ok: true });
      }
      if (parts[0] === "channels" && parts[2] === "leave" && parts.length === 3 && method === "POST") {
        let user: unknown;
        try {
          user = (JSON.parse((await readBody(request)).toString("utf8")) as { user?: unknown }).user;
        } catch {
          throw new FakeSlackUsageError('the body must be {"user": "<user id>"}');
        }
        if (typeof user !== "string") throw new FakeSlackUsageError('the body must be {"user": "<user id>"}');
        leaveChannel(decodeURIComponent(parts[1] ?? ""), user);
        return sendJson(response, 200, { ok: true });
      }
      if (parts[0] === "channels" && parts[2] === "archive" && parts.length === 3 && method === "POST") {
        archiveChannel(decodeURIComponent(parts[1] ?? ""));
        return sendJson(response, 200, { ok: true });
      }
      if (parts[0] === "users" && parts[2] === "deactivate" && parts.length === 3 && method === "POST") {
        const sent = await deactivateUser(memberDeps(), decodeURIComponent(parts[1] ?? ""));
        return sendJson(response, 200, { ok: true, sent: sent !== undefined, status: sent?.status });
      }
      if (parts.join("/") === "tokens-revoked" && method === "POST") {
        let tokens: { oauth?: string[]; bot?: string[] };
        try {
          tokens = JSON.parse((await readBody(request)).toString("utf8")) as typeof tokens;
        } catch {
          throw new FakeSlackUsageError(
            'the body must be JSON: {"oauth": [user ids], "bot": [bot user ids]}',
          );
        }
        const sent = await revokeTokens(memberDeps(), tokens);
        return sendJson(response, 200, { ok: true, sent: sent !== undefined, status: sent?.status });
      }
      if (parts.join("/") === "uninstall" && method === "POST") {
        const sent = await uninstallApp(memberDeps());
        return sendJson(response, 200, { ok: true, sent: sent !== undefined, status: sent?.status });
      }
      return sendJson(response, 404, { ok: false, error: "not_found" });
    } catch (error) {
      if (error instanceof FakeSlackUsageError)
        return sendJson(response, 400, { ok: false, error: error.message });
      throw error;
    }
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      // A bug in the fake must be loud, but must not take the process down mid-test.
      state.events.emit("internal_error", error);
      console.error("fake Slack internal error", error);
      if (!response.headersSent) sendJson(response, 500, { ok: false, error: "fatal_error" });
      else response.end();
    });
  });
  server.on("upgrade", (request, duplex, head: Buffer) => socket.handleUpgrade(request, duplex, head));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const publicHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  baseUrl = `http://${publicHost.includes(":") ? `[${publicHost}]` : publicHost}:${port}`;

  const appConnections = new Agent({ keepAliveTimeout: 4000 });
  const memberDeps = () => ({ state, config, manifest, sender });
  const sender = new SlackSender({
    config,
    state,
    triggers,
    responseUrls,
    socket,
    methodContext: ctx,
    appUrl: () => appUrl,
    dispatcher: appConnections,
  });

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/api/`,
    config,
    manifest,
    state,
    events: state.events,
    failNext: (method, failure, times = 1, match = {}) => failures.add(method, failure, times, match),
    faults: { set: (input) => faults.set(input), clear: () => faults.clear() },
    archiveChannel,
    deactivateUser: (userId) => deactivateUser(memberDeps(), userId),
    revokeTokens: (tokens) => revokeTokens(memberDeps(), tokens),
    uninstallApp: () => uninstallApp(memberDeps()),
    leaveChannel,
    sender,
    postUserMessage: (input) => postUserMessage({ state, config, manifest, sender }, input),
    runWorkflowStep: (input) => runWorkflowStep({ state, config, manifest, sender }, input),
    messageShortcut: (input) =>
      messageShortcut({ state, config, manifest, sender, triggers, responseUrls }, input),
    issueTriggerId: (userId) => triggers.issue(userId),
    setAppUrl: (next) => {
      appUrl = next;
    },
    socket: {
      connected: () => socket.connected(),
      waitForConnection: (timeoutMs) => socket.waitForConnection(timeoutMs),
      requestReconnect: (reason) => socket.requestReconnect(reason),
    },
    close: async () => {
      await appConnections.destroy();
      await new Promise<void>((resolve, reject) => {
        socket.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
