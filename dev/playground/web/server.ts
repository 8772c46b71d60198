/**
 * The playground page's HTTP server: the page, its bundled script, JSON state endpoints that read the fake
 * Slack, action endpoints that go to the bot through the fake Slack's signed sender (exactly as Slack would
 * send them), the simulator's Break/Recover controls, and a server-sent event stream of fake Slack changes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import type { Logger } from "../../../src/lib/logger";
import { ApiError as SimulatorApiError, type SimulatorControl } from "../../simulator";
import { DEMO_SLOW_MS } from "../demo-workspace";
import {
  AckTimeoutError,
  type EphemeralMessage,
  type FakeSlack,
  type FakeSlackChange,
  FakeSlackUsageError,
  type SlackView,
  type StoredMessage,
} from "../fake-slack";
import type {
  Bootstrap,
  ChangeEvent,
  ConversationState,
  PageMessage,
  PageView,
  PlaygroundChannel,
  PlaygroundMonitor,
  ThreadState,
  ViewsState,
} from "./api-types";
import type { PageAssets } from "./bundle";
import { canvasDocument, canvasList } from "./canvas-page";
import { type MessagesTab, readMessageShortcuts, readMessagesTab } from "./messages-tab";

export interface PlaygroundServerOptions {
  slack: FakeSlack;
  simulator: SimulatorControl;
  /** The monitors the Break control offers (the demo: team 1's, read through the API). */
  monitors(): Promise<PlaygroundMonitor[]>;
  /** The channels listed in the sidebar, in order. */
  channels: PlaygroundChannel[];
  /** What the user switcher says about each person. */
  roles: Readonly<Record<string, string>>;
  assets: PageAssets;
  logger: Logger;
  host?: string;
  /** 0 = a free port. */
  port?: number;
  /** When the port is taken, try the next ones (up to this many more). Default 0. */
  portSearch?: number;
  /** The app's Messages tab; default: as manifest.yml sets it. */
  messagesTab?: MessagesTab;
}

export interface PlaygroundServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class BadRequest extends Error {
  override name = "BadRequest";
}

const BODY_LIMIT = 256 * 1024;
const KEEPALIVE_MS = 15_000;
/** Monitors the Storm control breaks at once: more than the demo channel's `--storm 3`. */
const STORM_SIZE = 4;

const id = z.string().min(1).max(64);
const stateValues = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown())));
const schemas = {
  command: z.object({ user: id, channel: id, text: z.string().max(4000) }),
  shortcut: z.object({ user: id, channel: id, ts: id, callbackId: id }),
  message: z.object({
    user: id,
    channel: id,
    text: z.string().min(1).max(4000),
    threadTs: z.string().optional(),
  }),
  action: z.object({
    user: id,
    container: z.discriminatedUnion("type", [
      z.object({ type: z.literal("message"), channel: id, ts: z.string() }),
      z.object({ type: z.literal("ephemeral"), channel: id, ts: z.string() }),
      z.object({ type: z.literal("view"), viewId: id }),
    ]),
    action: z.looseObject({ action_id: z.string().min(1), block_id: z.string(), type: z.string() }),
    stateValues: stateValues.optional(),
  }),
  submit: z.object({ user: id, viewId: id, values: stateValues }),
  close: z.object({ user: id, viewId: id, isCleared: z.boolean().optional() }),
  suggest: z.object({
    user: id,
    viewId: id.optional(),
    channel: id.optional(),
    ts: z.string().optional(),
    actionId: z.string().min(1),
    blockId: z.string().min(1),
    value: z.string().max(1000),
  }),
  home: z.object({ user: id }),
  monitor: z.object({ monitorId: z.number().int().positive(), reason: z.string().max(500).optional() }),
};

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new BadRequest("request body too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
      } catch {
        reject(new BadRequest("request body is not JSON"));
      }
    });
    request.on("error", reject);
  });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadRequest(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  response.end(JSON.stringify(body));
}

function pageMessage(m: StoredMessage): PageMessage {
  return {
    ts: m.ts,
    text: m.text,
    ...(m.user !== undefined ? { user: m.user } : {}),
    ...(m.bot_id !== undefined ? { bot_id: m.bot_id } : {}),
    ...(m.blocks !== undefined ? { blocks: m.blocks } : {}),
    // The app's unfurl cards show under the message, after its own attachments, as in Slack.
    ...(m.attachments !== undefined || m.app_unfurls !== undefined
      ? { attachments: [...(m.attachments ?? []), ...Object.values(m.app_unfurls ?? {})] }
      : {}),
    ...(m.thread_ts !== undefined ? { thread_ts: m.thread_ts } : {}),
    ...(m.reply_count !== undefined ? { reply_count: m.reply_count } : {}),
    ...(m.edited !== undefined ? { edited: m.edited } : {}),
    ...(m.subtype !== undefined ? { subtype: m.subtype } : {}),
    ephemeral: false,
  };
}

/** An ephemeral message comes from the app; its `user` is the one reader who sees it. */
function pageEphemeral(e: EphemeralMessage, botUserId: string, botId: string): PageMessage {
  return {
    ts: e.ts,
    text: e.text,
    user: botUserId,
    bot_id: botId,
    ...(e.blocks !== undefined ? { blocks: e.blocks } : {}),
    ...(e.attachments !== undefined ? { attachments: e.attachments } : {}),
    ...(e.thread_ts !== undefined ? { thread_ts: e.thread_ts } : {}),
    ephemeral: true,
  };
}

const byTs = (a: PageMessage, b: PageMessage) => Number(a.ts) - Number(b.ts);

function pageView(view: SlackView, errors: Record<string, string> | undefined): PageView {
  return {
    id: view.id,
    type: view.type,
    ...(view.title ? { title: view.title.text } : {}),
    submit: view.submit?.text ?? null,
    close: view.close?.text ?? null,
    blocks: view.blocks,
    callback_id: view.callback_id,
    notify_on_close: view.notify_on_close,
    errors: errors ?? {},
  };
}

/** Listens on `port`, or on the next free ones when `search` > 0. */
async function listen(server: Server, host: string, port: number, search: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(candidate, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      return (server.address() as AddressInfo).port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EADDRINUSE" || attempt >= search || port === 0) throw error;
    }
  }
}

export async function startPlaygroundServer(options: PlaygroundServerOptions): Promise<PlaygroundServer> {
  const { slack, simulator, assets, logger } = options;
  const { state, sender } = slack;
  const streams = new Set<ServerResponse>();
  const messagesTab = options.messagesTab ?? readMessagesTab();
  const messageShortcuts = readMessageShortcuts();

  const requireUser = (user: string) => {
    if (!state.users.has(user)) throw new BadRequest(`unknown user ${user}`);
  };
  const requireChannel = (channel: string) => {
    if (!state.conversation(channel)) throw new BadRequest(`unknown channel ${channel}`);
  };

  const broadcast = (change: ChangeEvent) => {
    const frame = `event: change\ndata: ${JSON.stringify(change)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  const onChange = (change: FakeSlackChange) => {
    if (change.kind === "file" || change.kind === "response_url" || change.kind === "function") return;
    broadcast(change);
  };
  slack.events.on("change", onChange);
  const keepalive = setInterval(() => {
    for (const stream of streams) stream.write(": keepalive\n\n");
  }, KEEPALIVE_MS);
  keepalive.unref();

  /**
   * Channels made while the playground runs (the bot's incident channels, conversations.create), after the
   * configured ones, oldest first; an archived one stays listed, marked, as Slack keeps it searchable.
   */
  function createdChannels(): PlaygroundChannel[] {
    const listed = new Set(options.channels.map((c) => c.id));
    return [...state.conversations.values()]
      .filter((c) => !c.isIm && !c.isMpim && !listed.has(c.id))
      .sort((a, b) => a.created - b.created)
      .map((c) => ({ id: c.id, name: c.name, ...(c.isArchived ? { archived: true } : {}) }));
  }

  function bootstrap(): Bootstrap {
    const dms: Record<string, string> = {};
    for (const conversation of state.conversations.values()) {
      if (conversation.isIm && conversation.imUser) dms[conversation.imUser] = conversation.id;
    }
    return {
      teamId: slack.config.teamId,
      botUserId: slack.config.botUserId,
      botName: slack.config.botName,
      users: [...state.users.values()].map((u) => ({
        id: u.id,
        name: u.name,
        realName: u.realName,
        role: options.roles[u.id] ?? "",
      })),
      channels: [...options.channels, ...createdChannels()],
      dms,
      appDmComposer: messagesTab === "writable",
      usergroups: Object.fromEntries(state.usergroups.map((g) => [g.id, g.handle])),
      canvases: canvasList(state),
      messageShortcuts,
    };
  }

  function conversation(channel: string, user: string): ConversationState {
    const messages = state.channelMessages(channel).map((m) => pageMessage(m));
    const ephemerals = state
      .ephemeralFor(user, channel)
      .filter((e) => e.thread_ts === undefined)
      .map((e) => pageEphemeral(e, slack.config.botUserId, slack.config.botId));
    return { channel, messages: [...messages, ...ephemerals].sort(byTs) };
  }

  function thread(channel: string, ts: string, user: string): ThreadState {
    const parent = state.findMessage(channel, ts);
    const replies = state.replies(channel, ts).map((m) => pageMessage(m));
    const ephemerals = state
      .ephemeralFor(user, channel)
      .filter((e) => e.thread_ts === ts)
      .map((e) => pageEphemeral(e, slack.config.botUserId, slack.config.botId));
    return {
      channel,
      parent: parent ? pageMessage(parent) : null,
      replies: [...replies, ...ephemerals].sort(byTs),
    };
  }

  function views(user: string): ViewsState {
    const home = state.homeViews.get(user);
    return {
      user,
      modals: state.modalStack(user).map((v) => pageView(v, state.viewErrors.get(v.id))),
      home: home ? pageView(home, undefined) : null,
    };
  }

  async function post(path: string, body: unknown): Promise<unknown> {
    switch (path) {
      case "/api/command": {
        const input = parse(schemas.command, body);
        requireUser(input.user);
        requireChannel(input.channel);
        const match = /^(\/\S+)\s*([\s\S]*)$/.exec(input.text.trim());
        if (match?.[1] !== "/uptime") {
          return {
            ok: false,
            error: `${match?.[1] ?? input.text} is not a valid command. Try /uptime help.`,
          };
        }
        const result = await sender.slashCommand({
          userId: input.user,
          channelId: input.channel,
          text: match[2] ?? "",
        });
        return result.status === 200
          ? { ok: true }
          : { ok: false, error: `/uptime failed with the error "dispatch_failed" (${result.status})` };
      }
      case "/api/shortcut": {
        // A message shortcut picked in a message's menu: message_action to the bot, as Slack sends it.
        const input = parse(schemas.shortcut, body);
        requireUser(input.user);
        requireChannel(input.channel);
        const result = await slack.messageShortcut({
          userId: input.user,
          callbackId: input.callbackId,
          channelId: input.channel,
          messageTs: input.ts,
        });
        return { ok: result.status === 200 };
      }
      case "/api/message": {
        const input = parse(schemas.message, body);
        requireUser(input.user);
        requireChannel(input.channel);
        // As a person posts: stored, and link_shared sent to the bot for links of the unfurl domain.
        await slack.postUserMessage({
          userId: input.user,
          channelId: input.channel,
          text: input.text,
          ...(input.threadTs ? { threadTs: input.threadTs } : {}),
        });
        return { ok: true };
      }
      case "/api/action": {
        const input = parse(schemas.action, body);
        requireUser(input.user);
        const c = input.container;
        if (c.type === "view") {
          // Slack sends the view with what the user has entered so far (view.state).
          const location = state.findView(c.viewId);
          if (location && location.user === input.user && input.stateValues) {
            state.setViewState(location, input.stateValues as SlackView["state"]["values"]);
          }
        }
        const result = await sender.blockAction({
          userId: input.user,
          container: c,
          actions: [input.action],
          ...(c.type !== "view" && input.stateValues
            ? { stateValues: input.stateValues as SlackView["state"]["values"] }
            : {}),
        });
        return { ok: result.status === 200 };
      }
      case "/api/submit": {
        const input = parse(schemas.submit, body);
        requireUser(input.user);
        const result = await sender.viewSubmission({
          userId: input.user,
          viewId: input.viewId,
          values: input.values as SlackView["state"]["values"],
        });
        return { ok: result.status === 200, outcome: result.outcome, errors: result.errors ?? {} };
      }
      case "/api/close": {
        const input = parse(schemas.close, body);
        requireUser(input.user);
        await sender.viewClosed({
          userId: input.user,
          viewId: input.viewId,
          ...(input.isCleared !== undefined ? { isCleared: input.isCleared } : {}),
        });
        return { ok: true };
      }
      case "/api/suggest": {
        const input = parse(schemas.suggest, body);
        requireUser(input.user);
        const result = await sender.blockSuggestion({
          userId: input.user,
          actionId: input.actionId,
          blockId: input.blockId,
          value: input.value,
          ...(input.viewId ? { viewId: input.viewId } : {}),
          ...(input.channel ? { channelId: input.channel } : {}),
          ...(input.ts ? { messageTs: input.ts } : {}),
        });
        return {
          ok: result.status === 200,
          options: result.options ?? [],
          optionGroups: result.optionGroups ?? [],
        };
      }
      case "/api/home-opened": {
        const input = parse(schemas.home, body);
        requireUser(input.user);
        const dm = state.openIm(input.user).conversation.id;
        await sender.event({ type: "app_home_opened", user: input.user, channel: dm, tab: "home" });
        return { ok: true };
      }
      case "/api/break": {
        const input = parse(schemas.monitor, body);
        const incident = simulator.fail(input.monitorId, input.reason ?? "Connection timeout");
        broadcast({ kind: "monitors" });
        return { ok: true, incident: incident?.id ?? null };
      }
      case "/api/storm": {
        // Four monitors of the team at once: more than the #ops-alerts storm threshold within a minute, so
        // their alerts roll up into one message with Acknowledge all and Mute all.
        const up = (await options.monitors()).filter((m) => m.state === "up" && !m.paused);
        const broken = up.slice(0, STORM_SIZE).filter((m) => simulator.fail(m.id, "Connection refused"));
        broadcast({ kind: "monitors" });
        return { ok: broken.length > 0, broken: broken.map((m) => m.name) };
      }
      case "/api/recover-all": {
        const down = (await options.monitors()).filter((m) => m.state === "down");
        for (const m of down) simulator.recover(m.id);
        broadcast({ kind: "monitors" });
        return { ok: true, recovered: down.map((m) => m.name) };
      }
      case "/api/slow": {
        const input = parse(schemas.monitor, body);
        simulator.slow(input.monitorId, DEMO_SLOW_MS);
        broadcast({ kind: "monitors" });
        return { ok: true };
      }
      case "/api/recover": {
        const input = parse(schemas.monitor, body);
        const incident = simulator.recover(input.monitorId);
        broadcast({ kind: "monitors" });
        return { ok: true, incident: incident?.id ?? null };
      }
      default:
        return undefined;
    }
  }

  function get(url: URL, response: ServerResponse): boolean {
    const q = (name: string) => {
      const value = url.searchParams.get(name);
      if (!value) throw new BadRequest(`missing query parameter ${name}`);
      return value;
    };
    switch (url.pathname) {
      case "/":
      case "/index.html":
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(assets.html);
        return true;
      case "/app.js":
        response.writeHead(200, {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-store",
        });
        response.end(assets.js);
        return true;
      case "/canvas": {
        const document = canvasDocument(state, q("id"));
        if (document === undefined) throw new BadRequest(`unknown canvas ${q("id")}`);
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(document);
        return true;
      }
      case "/app.css":
        response.writeHead(200, { "content-type": "text/css; charset=utf-8", "cache-control": "no-store" });
        response.end(assets.css);
        return true;
      case "/api/bootstrap":
        sendJson(response, 200, bootstrap());
        return true;
      case "/api/conversation": {
        const user = q("user");
        const channel = q("channel");
        requireUser(user);
        requireChannel(channel);
        sendJson(response, 200, conversation(channel, user));
        return true;
      }
      case "/api/thread": {
        const user = q("user");
        const channel = q("channel");
        requireUser(user);
        requireChannel(channel);
        sendJson(response, 200, thread(channel, q("ts"), user));
        return true;
      }
      case "/api/views": {
        const user = q("user");
        requireUser(user);
        sendJson(response, 200, views(user));
        return true;
      }
      case "/api/file": {
        // The bytes of an uploaded file (an image block's slack_file), as Slack serves url_private.
        const file = state.files.get(q("id"));
        if (!file?.content || !file.completed) throw new BadRequest(`unknown file ${q("id")}`);
        const type = file.filename.toLowerCase().endsWith(".png") ? "image/png" : "application/octet-stream";
        response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
        response.end(file.content);
        return true;
      }
      case "/api/events":
        response.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
        });
        response.write(": connected\n\n");
        streams.add(response);
        response.on("close", () => streams.delete(response));
        return true;
      default:
        return false;
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://playground");
    const method = (request.method ?? "GET").toUpperCase();
    if (method === "GET" && url.pathname === "/api/monitors") {
      return sendJson(response, 200, { monitors: await options.monitors() });
    }
    if (method === "GET" && get(url, response)) return;
    if (method === "POST" && url.pathname.startsWith("/api/")) {
      const answer = await post(url.pathname, await readJson(request));
      if (answer !== undefined) return sendJson(response, 200, answer);
    }
    sendJson(response, 404, { ok: false, error: "not found" });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      if (error instanceof BadRequest || error instanceof FakeSlackUsageError) {
        return sendJson(response, 400, { ok: false, error: error.message });
      }
      if (error instanceof AckTimeoutError) {
        return sendJson(response, 504, { ok: false, error: "The app did not answer within 3 seconds." });
      }
      if (error instanceof SimulatorApiError) {
        return sendJson(response, 400, { ok: false, error: error.message });
      }
      logger.error({ err: error }, "playground request failed");
      sendJson(response, 500, { ok: false, error: "The playground failed; see its log." });
    });
  });

  const host = options.host ?? "127.0.0.1";
  const port = await listen(server, host, options.port ?? 0, options.portSearch ?? 0);
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return {
    url: `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        slack.events.off("change", onChange);
        clearInterval(keepalive);
        for (const stream of streams) stream.end();
        streams.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
