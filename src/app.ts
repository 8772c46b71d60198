import type { IncomingMessage, ServerResponse } from "node:http";
import { App, type CustomRoute, HTTPReceiver, type InstallationStore, SocketModeReceiver } from "@slack/bolt";
import { boltLogger } from "./bolt-logger";
import type { Config } from "./config";
import { type ListenerDeps, registerListeners } from "./listeners";

/** Bot scopes requested by the OAuth install; keep in step with manifest.yml (README explains each). */
export const BOT_SCOPES = ["commands", "chat:write", "im:write", "channels:history", "groups:history"];

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

/**
 * The Bolt app with every listener: HTTP mode (signed requests at /slack/events) or Socket Mode, one
 * workspace (bot token) or many (OAuth with the Redis installation store). Unexpected errors reach
 * `app.error` and the log; users only ever see the sentences of src/ui/error-text.ts.
 */
export function createApp(deps: ListenerDeps, options: CreateAppOptions): App {
  const { slack } = options;
  const logger = boltLogger(deps.logger);
  // WebClient retries are fine for interactive answers; alert posting uses its own client with retries
  // off (DESIGN.md 5: they duplicate posts).
  const clientOptions = slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {};
  const oauth = slack.oauth
    ? {
        clientId: slack.oauth.clientId,
        clientSecret: slack.oauth.clientSecret,
        stateSecret: slack.oauth.stateSecret,
        scopes: BOT_SCOPES,
        installationStore: options.installationStore,
        installerOptions: { directInstall: true, clientOptions },
      }
    : {};
  const customRoutes = healthRoutes(options);
  const receiver = slack.socketMode
    ? new SocketModeReceiver({
        appToken: slack.appToken!,
        logger,
        customRoutes,
        ...oauth,
        installerOptions: { ...(oauth.installerOptions ?? {}), port: options.port, clientOptions },
      })
    : new HTTPReceiver({
        signingSecret: slack.signingSecret!,
        endpoints: "/slack/events",
        logger,
        customRoutes,
        // Acks go back at once; the work continues after (Slack's 3 s limit).
        processBeforeResponse: false,
        ...oauth,
      });
  const app = new App({
    receiver,
    logger,
    clientOptions,
    ...(slack.oauth ? {} : { token: slack.botToken }),
  });
  app.error(async (error) => {
    deps.logger.error({ err: error.original ?? error, code: error.code }, "unhandled listener error");
  });
  registerListeners(app, deps);
  return app;
}
