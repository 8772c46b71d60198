import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { App, type CustomRoute, HTTPReceiver, type InstallationStore, SocketModeReceiver } from "@slack/bolt";
import { boltLogger } from "./bolt-logger";
import type { Config } from "./config";
import { type ListenerDeps, registerListeners } from "./listeners";

/**
 * Bot scopes requested by the OAuth install; the same list as manifest.yml (test/integration/manifest.test.ts
 * checks both, and that every Web API method the code calls is covered). README explains each one.
 * - commands: `/uptime` and the global shortcut.
 * - chat:write: alert posts and updates (the bot is invited to the channel, so no chat:write.public);
 *   ephemerals; DMs posted with a user id as `channel` (the app's Messages tab; no conversations.open,
 *   so no im:write).
 * - channels:history, groups:history: conversations.history/replies to find an alert message by its
 *   metadata before posting again (DESIGN.md 5), in public and private channels.
 */
export const BOT_SCOPES: readonly string[] = [
  "commands",
  "chat:write",
  "channels:history",
  "groups:history",
  "files:write",
  "im:write",
];

export interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | string>;
}

export interface CreateAppOptions {
  slack: Config["slack"];
  /** Port of the HTTP endpoint (and of the health routes in Socket Mode). */
  port: number;
  readiness: () => Promise<Readiness>;
  metrics?: () => Promise<{ contentType: string; body: string }>;
  installationStore?: InstallationStore;
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

function healthRoutes(options: CreateAppOptions): CustomRoute[] {
  const routes: CustomRoute[] = [
    {
      path: "/healthz",
      method: ["GET"],
      handler: (_req: IncomingMessage, res: ServerResponse) =>
        send(res, 200, "application/json", JSON.stringify({ ok: true })),
    },
    {
      path: "/readyz",
      method: ["GET"],
      handler: async (_req: IncomingMessage, res: ServerResponse) => {
        const readiness = await options.readiness();
        send(res, readiness.ready ? 200 : 503, "application/json", JSON.stringify(readiness));
      },
    },
  ];
  const metrics = options.metrics;
  if (metrics) {
    routes.push({
      path: "/metrics",
      method: ["GET"],
      handler: async (_req: IncomingMessage, res: ServerResponse) => {
        const { contentType, body } = await metrics();
        send(res, 200, contentType, body);
      },
    });
  }
  return routes;
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
  const logger = boltLogger(deps.logger);
  // WebClient retries are fine for interactive answers; alert posting uses its own client with retries
  // off (DESIGN.md 5: they duplicate posts).
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
  const customRoutes = healthRoutes(options);
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
        ...oauth,
        installerOptions,
      });
  const app = new App({
    receiver,
    logger,
    // No listener reads context.conversation; Bolt's default in-memory store would still run a lookup
    // (and build a "not found" Error) for every request.
    convoStore: false,
    // A fresh object: Bolt writes its logger into the clientOptions it is given.
    clientOptions: clientOptions(),
    ...(slack.oauth ? {} : { token: slack.botToken }),
  });
  app.error(async (error) => {
    deps.logger.error({ err: error.original ?? error, code: error.code }, "unhandled listener error");
  });
  const inFlight = new InFlight();
  // Global middleware: `next()` resolves when the listeners have finished, not at the ack, so this counts
  // the work a shutdown must wait for.
  app.use(({ next }) => inFlight.track(next));
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
