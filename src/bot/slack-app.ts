import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { App, type CustomRoute, HTTPReceiver, type InstallationStore, SocketModeReceiver } from "@slack/bolt";
import type { FetchFunction, RetryOptions } from "@slack/web-api";
import type { Config } from "../config/config";
import { withRequestContext } from "../lib/request-context";
import { type ListenerDeps, registerListeners } from "../listeners";
import { boltLogger } from "../slack/bolt-logger";
import type { BotIdentity } from "../slack/bot-identity";
import { scrubSlackSdkLines } from "../slack/scrub-slack-sdk-lines";
import { workspaceKey } from "../store/workspace";

/**
 * Bot scopes requested by the OAuth install; the same list as manifest.yml (test/integration/manifest.test.ts
 * checks both, and that every Web API method the code calls is covered). README explains each one.
 * - commands: `/uptime` and the global shortcut.
 * - chat:write: alert posts and updates (the bot is invited to the channel, so no chat:write.public);
 *   ephemerals; DMs posted with a user id as `channel` (the app's Messages tab; no conversations.open,
 *   so no im:write).
 * - channels:history, groups:history, im:history: conversations.history/replies to find the bot's own
 *   message by its metadata before posting again after an unanswered attempt (docs/architecture.md section 5), in public
 *   channels, private channels and a personal subscription's DM with the app.
 * - files:write, im:write: charts (uploaded, and shared to the asker's DM for an ephemeral answer).
 *   im:write also lets conversations.open give a person's DM with the app: personal alerts are posted
 *   there, and it tells that DM from a DM between people (both D…) for `/uptime subscribe`.
 * - users:read: users.info `tz`, the subscriber's time zone for the 09:00 of a digest.
 * - links:read, links:write: link unfurls, the `link_shared` event and chat.unfurl.
 * - channels:read, groups:read: conversations.info `is_ext_shared` and conversations.members, so that a
 *   preview never reaches a Slack Connect channel unasked and stops refreshing once its poster left.
 * - pins:write: pins.add / pins.remove of the channel's live board (`/uptime board`); without it, unpinned.
 */
export const BOT_SCOPES: readonly string[] = [
  "commands",
  "chat:write",
  "channels:history",
  "groups:history",
  "im:history",
  "files:write",
  "im:write",
  "users:read",
  "links:read",
  "links:write",
  "groups:write",
  "channels:read",
  "groups:read",
  "usergroups:read",
  "usergroups:write",
  "canvases:write",
  "pins:write",
];

export interface CreateAppOptions {
  slack: Config["slack"];
  /** Port of the HTTP endpoint (and of the health route in Socket Mode). */
  port: number;
  installationStore?: InstallationStore;
  /** The bot's ids from auth.test at start-up (single-workspace mode: slack/bot-identity.ts). */
  identity?: BotIdentity | undefined;
  /** Per Web API call of the listeners' client (ms); default INTERACTIVE_TIMEOUT_MS. Tests shorten it. */
  slackTimeoutMs?: number;
  /** The listeners' WebClient `fetch` (src/observability/bot-metrics.ts times each Slack call with it). */
  slackFetch?: FetchFunction | undefined;
}

/**
 * Request bodies Slack sends are a few KB (a view submission with a full modal is the largest); anything
 * over this gets 413 from Bolt's raw-body reader, which refuses a Content-Length over the limit before
 * reading and stops a chunked body as soon as the bytes read pass it (docs/architecture.md section 9).
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * The public port serves `/healthz` only (liveness: the process answers); `/readyz` and `/metrics` are on
 * the metrics server (metrics-server.ts), so they answer 404 here.
 */
function healthRoutes(): CustomRoute[] {
  return [
    {
      path: "/healthz",
      method: ["GET"],
      handler: (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ok: true }));
      },
    },
  ];
}

/**
 * Bolt's body reader (raw-body with `limit`) counts the bytes as they stream but does not look at
 * Content-Length: a request announcing 2 MB would be read up to the limit first. This answers 413 from the
 * header alone, and closes the connection rather than draining a body nobody will read.
 */
function refuseDeclaredOversizedBodies(receiver: HTTPReceiver): void {
  const listener = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (req.method === "POST" && declared > MAX_REQUEST_BODY_BYTES) {
      res.writeHead(413, { connection: "close", "content-type": "text/plain" });
      res.end("request body too large\n");
      return;
    }
    listener(req, res);
  };
}

/**
 * The listeners' WebClient retries a 429 only. Its default policy also retries a 5xx or a lost
 * connection, after which Slack may well have posted the message already: a subscribe announcement, an
 * ephemeral or a DM would appear twice (docs/architecture.md section 5 says the same of alerts, whose client never retries).
 * A 429 was not processed, so waiting its Retry-After (the WebClient does) and sending again is safe.
 * `onFailedAttempt` throwing ends p-retry's loop with that error. After the wait, the WebClient throws a
 * plain "A rate limit was exceeded" Error that its own catch wraps into a WebAPIRequestError (`original`);
 * anything else, or a changed message, is never retried: the safe side.
 */
const interactiveRetry = {
  retries: 2,
  minTimeout: 100,
  maxTimeout: 1000,
  onFailedAttempt: (error: Error & { original?: unknown }) => {
    const original = error.original instanceof Error ? error.original.message : "";
    if (!original.startsWith("A rate limit was exceeded")) throw error;
  },
};

/**
 * How long one Web API call of the listeners may take: without it a call
 * Slack holds keeps its listener run (and a shutdown's drain) waiting for as long as the socket lives. A
 * call that timed out may still have been carried out; like a 5xx, it is not retried (interactiveRetry).
 */
export const INTERACTIVE_TIMEOUT_MS = 10_000;

export function interactiveClientOptions(timeoutMs = INTERACTIVE_TIMEOUT_MS): {
  retryConfig: RetryOptions;
  timeout: number;
} {
  return { retryConfig: interactiveRetry, timeout: timeoutMs };
}

/** Counts listener runs still working (after their ack), so that shutdown can wait for them. */
export class InFlight {
  #count = 0;
  #waiters: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.#count++;
    try {
      return await work();
    } finally {
      this.#count--;
      if (this.#count === 0) for (const wake of this.#waiters.splice(0)) wake();
    }
  }

  /** Resolves true when nothing is in flight, or false after `timeoutMs` with work still running. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

export interface SlackApp {
  app: App;
  /** Listener runs not finished yet (a command keeps working after its ack). */
  inFlight: InFlight;
  /** Starts the receiver; resolves with the port of the HTTP endpoint (Socket Mode: of the health routes). */
  start(): Promise<number>;
  /**
   * Stops taking requests (HTTP server closed / socket disconnected), then waits up to `drainMs` for the
   * listener runs in flight. Resolves with how many were still running when it gave up (0: drained).
   */
  stop(drainMs: number): Promise<number>;
}

/**
 * In Socket Mode, Bolt serves the custom routes (and the OAuth install pages) from an HTTP server of its
 * own that it starts without a callback and without an error handler. We reach for it (a private field of
 * SocketModeReceiver 4.x/5.x) to learn the bound port (PORT=0 in tests) and to turn EADDRINUSE into a
 * start-up error instead of an uncaught 'error' event.
 */
function socketModeHttpServer(receiver: SocketModeReceiver): Server | undefined {
  const server = (receiver as unknown as { httpServer?: unknown }).httpServer;
  return server && typeof (server as Server).address === "function" ? (server as Server) : undefined;
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    const done = () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    };
    if (server.listening) return done();
    server.once("listening", done);
    server.once("error", reject);
  });
}

/**
 * The Bolt app with every listener: HTTP mode (signed requests at /slack/events) or Socket Mode, one
 * workspace (bot token) or many (OAuth with the Redis installation store). Unexpected errors reach
 * `app.error` and the log; users only ever see the sentences of src/ui/error-text.ts.
 */
export function createApp(deps: ListenerDeps, options: CreateAppOptions): SlackApp {
  const { slack } = options;
  // One logger for the receiver, the Socket Mode client and every WebClient: none may log a raw payload.
  const logger = scrubSlackSdkLines(boltLogger(deps.logger), () => deps.logger.isLevelEnabled("debug"));
  // Bolt hands installerOptions.clientOptions to the OAuth InstallProvider and the Socket Mode client:
  // only the URL there. The listeners' WebClient gets interactiveClientOptions.
  const clientOptions = () => (slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {});
  // Bolt hands installerOptions.clientOptions to the OAuth InstallProvider (oauth.v2.access) and, in
  // Socket Mode, to its SocketModeClient (apps.connections.open): SLACK_API_URL must reach both.
  const installerOptions = {
    ...(slack.oauth ? { directInstall: true } : {}),
    clientOptions: clientOptions(),
  };
  const oauth = slack.oauth
    ? {
        clientId: slack.oauth.clientId,
        clientSecret: slack.oauth.clientSecret,
        stateSecret: slack.oauth.stateSecret,
        scopes: [...BOT_SCOPES],
        installationStore: options.installationStore,
      }
    : {};
  const customRoutes = healthRoutes();
  const receiver = slack.socketMode
    ? new SocketModeReceiver({
        appToken: slack.appToken!,
        logger,
        customRoutes,
        ...oauth,
        installerOptions: { ...installerOptions, port: options.port },
      })
    : new HTTPReceiver({
        signingSecret: slack.signingSecret!,
        endpoints: "/slack/events",
        logger,
        customRoutes,
        // Acks go back at once; the work continues after (Slack's 3 s limit).
        processBeforeResponse: false,
        bodyLimit: MAX_REQUEST_BODY_BYTES,
        ...oauth,
        installerOptions,
      });
  if (receiver instanceof HTTPReceiver) refuseDeclaredOversizedBodies(receiver);
  const app = new App({
    receiver,
    logger,
    // No listener reads context.conversation; Bolt's default in-memory store would still run a lookup
    // (and build a "not found" Error) for every request.
    convoStore: false,
    // A fresh object: Bolt writes its logger into the clientOptions it is given.
    clientOptions: {
      ...clientOptions(),
      ...interactiveClientOptions(options.slackTimeoutMs),
      ...(options.slackFetch ? { fetch: options.slackFetch } : {}),
    },
    ...(slack.oauth ? {} : { token: slack.botToken, ...options.identity }),
  });
  app.error(async (error) => {
    deps.logger.error({ err: error.original ?? error, code: error.code }, "unhandled listener error");
  });
  const inFlight = new InFlight();
  // First middleware: everything after it (listeners, services, their clients) runs inside the request's
  // context, so each log line of the request names its workspace and request id (lib/request-context.ts).
  // `next()` resolves when the listeners have finished, not at the ack, so inFlight counts the work a
  // shutdown must wait for. One middleware for both: each of Bolt's middleware layers costs CPU per request.
  app.use(({ context, next }) =>
    withRequestContext(
      () => workspaceOfContext(context),
      () => inFlight.track(next),
    ),
  );
  registerListeners(app, deps);

  return {
    app,
    inFlight,
    async start() {
      if (receiver instanceof SocketModeReceiver) {
        const server = socketModeHttpServer(receiver);
        // Listen for the server's outcome before it starts, so that EADDRINUSE rejects start().
        const port = server ? listening(server) : Promise.resolve(options.port);
        const [bound] = await Promise.all([port, app.start()]);
        return bound;
      }
      const server = (await app.start(options.port)) as Server;
      return (server.address() as AddressInfo).port;
    },
    async stop(drainMs) {
      await app.stop();
      const drained = await inFlight.idle(drainMs);
      return drained ? 0 : inFlight.count;
    },
  };
}

/** The log's `workspace` of a request: its workspaceKey, else whichever id Slack sent; none without one. */
function workspaceOfContext(context: {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}): { workspace?: string } {
  try {
    return {
      workspace: workspaceKey({
        teamId: context.teamId,
        enterpriseId: context.enterpriseId,
        isEnterpriseInstall: context.isEnterpriseInstall ?? false,
      }),
    };
  } catch {
    const id = context.teamId ?? context.enterpriseId;
    return id ? { workspace: id } : {};
  }
}
