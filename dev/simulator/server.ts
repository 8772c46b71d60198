import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Clock, systemClock } from "../../src/lib/clock";
import { type Logger, silentLogger } from "../../src/lib/logger";
import { Control, type SimulatorControl } from "./control";
import { type ControlHandler, controlRoutes } from "./control-routes";
import { seedDemo } from "./demo-seed";
import { ApiError, errorDocument, validationError } from "./errors";
import { Faults } from "./faults";
import type { Ctx, Handler, Reply } from "./handlers/context";
import { incidentRoutes } from "./handlers/incidents";
import { monitorRoutes } from "./handlers/monitors";
import { systemRoutes } from "./handlers/system";
import { teamRoutes } from "./handlers/teams";
import { userRoutes } from "./handlers/users";
import { hasBody, parseJsonBody, readBody, send } from "./http-io";
import { parseQuery } from "./query";
import { seededRandom } from "./random";
import { RateLimiter } from "./rate-limiter";
import { Renderer } from "./render";
import { RequestLog } from "./request-log";
import { Router } from "./router";
import { ScenarioEngine } from "./scenario";
import { World } from "./world";

export interface SimulatorOptions {
  /** 0 or undefined = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default "empty". */
  seed?: "demo" | "empty";
  /** Per bearer token; 0/undefined = unlimited; over it -> 429 with Retry-After (seconds). */
  rateLimitPerSecond?: number;
  /** Scenario speed-up (default 1): a 60 s interval runs every 60/timeScale seconds. */
  timeScale?: number;
  /** Default true: the scenario engine produces checks at each monitor's interval. */
  autoChecks?: boolean;
  /** Default false: monitors seeded with `probe: true` are checked by real HTTP/TCP probes. */
  probes?: boolean;
  /**
   * Default 0: every service answer (not the control API) waits this many ms of real time first, as a
   * remote API's network and processing time would (benchmarks of latency-bound clients). An unref'd
   * timer: it never keeps the process alive, and does not depend on `clock`.
   */
  latencyMs?: number;
  clock?: Clock;
  logger?: Logger;
}

export interface RunningSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
  control: SimulatorControl;
}

const SERVICE_BODY_LIMIT = 64 * 1024; // A1: 413 beyond 64 KiB
const CONTROL_BODY_LIMIT = 64 * 1024 * 1024; // bulk seeds of thousands of teams

/** Starts the simulated Uptime Monitoring Service (docs/architecture.md section 4) on node:http. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const timeScale = options.timeScale !== undefined && options.timeScale > 0 ? options.timeScale : 1;
  const world = new World(clock, seededRandom(options.seed ?? "empty"), timeScale);
  const engine = new ScenarioEngine(world, {
    autoChecks: options.autoChecks ?? true,
    probes: options.probes ?? false,
    timeScale,
    logger,
  });
  const faults = new Faults(clock);
  const limiter = new RateLimiter(options.rateLimitPerSecond ?? 0);
  const log = new RequestLog(1000);
  const latencyMs = options.latencyMs !== undefined && options.latencyMs > 0 ? options.latencyMs : 0;
  const router = new Router<Handler>([
    ...userRoutes,
    ...teamRoutes,
    ...monitorRoutes,
    ...incidentRoutes,
    ...systemRoutes,
  ]);
  let render: Renderer | null = null;
  let controlRouter: Router<ControlHandler> | null = null;

  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    if (!render || !controlRouter) {
      send(res, 503, JSON.stringify(errorDocument(503, "Starting")));
      return;
    }
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q < 0 ? url : url.slice(0, q);
    const search = new URLSearchParams(q < 0 ? "" : url.slice(q + 1));
    const work = pathname.startsWith("/__simulator/")
      ? handleControl(controlRouter, req, res, pathname, search)
      : handleService(render, req, res, pathname, search);
    work.catch((e: unknown) => {
      logger.error({ err: e, method: req.method, path: pathname }, "simulator request failed");
      send(res, 500, JSON.stringify(errorDocument(500, "Unexpected error in the simulator")));
    });
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  async function handleService(
    r: Renderer,
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: URLSearchParams,
  ) {
    if (latencyMs > 0) await realDelay(latencyMs);
    const method = req.method ?? "GET";
    const auth = req.headers.authorization;
    const token = auth && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, "").trim() : null;
    let status = 500;
    try {
      const fault = faults.take({ token, path: pathname });
      if (fault === 0) {
        status = 0;
        req.socket.destroy();
        return;
      }
      if (fault !== null) {
        throw new ApiError(fault, "Injected fault", fault === 429 ? { headers: { "Retry-After": "1" } } : {});
      }
      const userId = token ? world.tokens.get(token) : undefined;
      const user = userId === undefined ? undefined : world.users.get(userId);
      if (!user || !token) {
        throw new ApiError(401, token ? "Unknown or revoked token" : "Send Authorization: Bearer <token>", {
          headers: { "WWW-Authenticate": 'Bearer realm="uptime"' },
        });
      }
      const retryAfter = limiter.take(token);
      if (retryAfter !== null) {
        throw new ApiError(429, "Too many requests for this token", {
          headers: { "Retry-After": String(retryAfter) },
        });
      }
      const match = matchOrThrow(router, method, pathname, "No route for");
      const route = match.route;
      const query = parseQuery(search, route.query ?? {});
      let body: unknown;
      if (hasBody(req) || route.body === "required") {
        const raw = hasBody(req) ? await readBody(req, SERVICE_BODY_LIMIT) : Buffer.alloc(0);
        body = parseJsonBody(req, raw, true);
        if (route.body === "ignored") body = undefined;
      }
      if (route.body === "required" && body === undefined) {
        throw validationError([
          { pointer: "/data", detail: "The body must be a document with a data resource object" },
        ]);
      }
      const ctx: Ctx = {
        world,
        render: r,
        user,
        params: match.params,
        query,
        search,
        body,
        selfUrl: `${r.base}${pathname}`,
      };
      const reply: Reply = route.handler(ctx);
      status = reply.status;
      const payload = reply.raw ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
      send(res, reply.status, payload, reply.headers);
    } catch (e) {
      status = sendFailure(res, e, () => {
        logger.error({ err: e, method, path: pathname }, "simulator handler failed");
        return "Unexpected error in the simulator";
      });
    } finally {
      log.add({
        at: new Date(clock.now()).toISOString(),
        method,
        path: pathname,
        query: search.toString(),
        token: token ? token.slice(-4) : null,
        status,
      });
    }
  }

  async function handleControl(
    routes: Router<ControlHandler>,
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: URLSearchParams,
  ) {
    const method = req.method ?? "GET";
    try {
      const match = matchOrThrow(routes, method, pathname, "No control route");
      const raw = hasBody(req) ? await readBody(req, CONTROL_BODY_LIMIT) : Buffer.alloc(0);
      const body = parseJsonBody(req, raw, false);
      const reply = await match.route.handler({ params: match.params, search, body });
      send(res, reply.status, reply.body === undefined ? null : JSON.stringify(reply.body));
    } catch (e) {
      sendFailure(res, e, () => {
        logger.error({ err: e, method, path: pathname }, "simulator control request failed");
        return (e as Error).message ?? "Unexpected error";
      });
    }
  }

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  const renderer = new Renderer(url, world);
  const control = new Control(world, engine, faults, log, renderer);
  if (options.seed === "demo") seedDemo(world, engine);
  render = renderer;
  controlRouter = new Router(controlRoutes(control));
  engine.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await engine.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })();
    return closing;
  };
  logger.info({ url }, "uptime simulator listening");
  return { url, port, close, control };
}

/** The route for a request, or the A1 404 (`noRoute` names the API) or 405 with its Allow header. */
function matchOrThrow<H>(router: Router<H>, method: string, pathname: string, noRoute: string) {
  const match = router.match(method, pathname);
  if (match.kind === "none") throw new ApiError(404, `${noRoute} ${method} ${pathname}`);
  if (match.kind === "method") {
    throw new ApiError(405, `${method} is not allowed here`, { headers: { Allow: match.allow.join(", ") } });
  }
  return match;
}

/**
 * Answers what a handler threw: an ApiError as its A1 document with its headers; anything else as a 500
 * whose detail `unexpected` gives (and logs). Returns the status sent.
 */
function sendFailure(res: ServerResponse, e: unknown, unexpected: () => string): number {
  if (e instanceof ApiError) {
    send(res, e.status, JSON.stringify({ errors: e.errors }), e.headers);
    return e.status;
  }
  send(res, 500, JSON.stringify(errorDocument(500, unexpected())));
  return 500;
}

function realDelay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
