// The client against a real local HTTP server that misbehaves on purpose: timeouts, resets, bad
// bodies, retries, rate limits, validation errors, headers, cancellation and socket reuse.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { collectPages } from "../../../src/services/collect-pages";
import {
  AbortedError,
  AuthenticationError,
  DEFAULT_MAX_RESPONSE_BYTES,
  DecodeError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UptimeClient,
  type UptimeClientOptions,
  UsageError,
  ValidationError,
} from "../../../src/uptime";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen, hit: number) => void;

interface TestServer {
  url: string;
  requests: Seen[];
  connections: number;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function serve(handler: Handler): Promise<TestServer> {
  const requests: Seen[] = [];
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(seen);
      handler(req, res, seen, requests.length);
    });
  });
  server.on("connection", (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return state.connections;
    },
    close,
  };
}

function client(base: string, options: Partial<UptimeClientOptions> = {}) {
  const c = new UptimeClient({
    baseUrl: base,
    timeoutMs: 2_000,
    retry: { retries: 2, baseMs: 1, maxMs: 5, maxRetryAfterMs: 5_000 },
    ...options,
  });
  cleanups.push(() => c.close());
  return c;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

const monitorDoc = (id: string, name = `m${id}`) => ({
  type: "monitors",
  id,
  attributes: { name, settings: { url: "https://example.com" } },
  meta: { status: 1, state: 10 },
});
const statusDoc = { meta: { status: "active", components: [], failures: [] } };
const incidentDoc = {
  data: {
    type: "incidents",
    id: "5",
    attributes: { started: "2024-05-01T10:00:00+00:00", acknowledged: "2024-05-01T10:05:00+00:00" },
  },
};

describe("request shape", () => {
  it("sends exactly the reference headers, and Content-Type only with a body", async () => {
    const srv = await serve((req, res) =>
      req.method === "GET"
        ? json(res, 200, { data: { type: "users", id: "7", attributes: { firstName: "Ada" } } })
        : json(res, 201, { data: monitorDoc("31", "Shop") }),
    );
    const api = client(srv.url).as("tok-123");
    await api.users.me({ include: ["teams"] });
    await api.monitors.create(1, { kind: "http", name: "Shop", url: "https://shop.example" });
    const [get, post] = srv.requests;
    expect(get?.url).toBe("/users/me?include=teams");
    expect(get?.headers.accept).toBe("application/json");
    expect(get?.headers.authorization).toBe("Bearer tok-123");
    expect(get?.headers["user-agent"]).toMatch(/^uptime-chatops\/\d+\.\d+\.\d+$/);
    expect(get?.headers["content-type"]).toBeUndefined();
    expect(post?.method).toBe("POST");
    expect(post?.url).toBe("/teams/1/monitors");
    expect(post?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(post?.headers.accept).toBe("application/json");
    expect(JSON.parse(post?.body ?? "")).toEqual({
      data: { type: "monitors", attributes: { name: "Shop", settings: { url: "https://shop.example" } } },
    });
  });

  it("keeps the base path and encodes group names; follows absolute and root-relative next links", async () => {
    const srv = await serve((req, res, seen) => {
      if (seen.url.startsWith("/v1/teams/1/groups/")) {
        return json(res, 200, {
          data: { type: "latency", id: "la", attributes: { points: [] }, meta: { precision: "hourly" } },
        });
      }
      const page = Number(new URL(seen.url, "http://x").searchParams.get("page[number]"));
      const next =
        page === 1
          ? `http://${req.headers.host}/v1/teams/1/monitors?page[number]=2`
          : "/v1/teams/1/monitors?page[number]=3";
      json(res, 200, {
        data: [monitorDoc(String(page))],
        meta: { currentPage: page, count: 1, perPage: 1, hasMorePages: page < 3 },
        links: page < 3 ? { next } : {},
      });
    });
    const api = client(`${srv.url}/v1/`).as("t");
    const names: string[] = [];
    for await (const m of api.teams.monitorsAll(1, {
      filter: { state: "down", name: "a b" },
      sort: ["group", "-name"],
    })) {
      names.push(m.name);
    }
    expect(names).toEqual(["m1", "m2", "m3"]);
    expect(srv.requests.map((r) => r.url)).toEqual([
      "/v1/teams/1/monitors?page[number]=1&filter[name]=a%20b&filter[state]=-10&sort=group,-name",
      "/v1/teams/1/monitors?page[number]=2",
      "/v1/teams/1/monitors?page[number]=3",
    ]);
    const la = await api.groups.latency(1, "Web / public", "hourly");
    expect(la.precision).toBe("hourly");
    expect(srv.requests.at(-1)?.url).toBe("/v1/teams/1/groups/Web%20%2F%20public/latency-hourly");
  });

  it("refuses a next link to another origin without requesting it", async () => {
    const srv = await serve((_req, res) =>
      json(res, 200, {
        data: [],
        meta: { currentPage: 1, count: 0, perPage: 10, hasMorePages: true },
        links: { next: "https://evil.example/teams/1/monitors?page[number]=2" },
      }),
    );
    const page = await client(srv.url).as("t").teams.monitors(1);
    await expect(page.next()).rejects.toBeInstanceOf(DecodeError);
    expect(srv.requests).toHaveLength(1);
  });

  it("sends delete bodies and accepts 202 and 204 without a body", async () => {
    const srv = await serve((req, res) => {
      res.writeHead(req.url === "/users/me" ? 202 : 204);
      res.end();
    });
    const api = client(srv.url).as("t");
    await expect(api.users.deleteMe("pw")).resolves.toBeUndefined();
    await expect(api.monitors.delete(9)).resolves.toBeUndefined();
    expect(srv.requests.map((r) => [r.method, r.url, r.headers["content-type"]])).toEqual([
      ["DELETE", "/users/me", "application/json; charset=utf-8"],
      ["DELETE", "/monitors/9", undefined],
    ]);
    expect(JSON.parse(srv.requests[0]?.body ?? "")).toEqual({
      data: { type: "users", attributes: { password: "pw" } },
    });
  });
});

describe("failures", () => {
  it("times out slow headers with a TimeoutError after the retries of a GET", async () => {
    const srv = await serve(() => {}); // never answers
    // undici's header timer ticks about every 500 ms, so one retry keeps this test short.
    const c = client(srv.url, { timeoutMs: 100, retry: { retries: 1, baseMs: 1, maxMs: 1 } });
    const err = await c
      .as("t")
      .status.get()
      .catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.phase).toBe("headers");
    expect(srv.requests).toHaveLength(2);
  });

  it("retries a reset connection for GET but never for create", async () => {
    const srv = await serve((req) => req.socket.destroy());
    const api = client(srv.url).as("t");
    const getErr = await api.monitors.get(1).catch((e) => e);
    expect(getErr).toBeInstanceOf(NetworkError);
    expect(getErr).not.toBeInstanceOf(TimeoutError);
    expect(srv.requests).toHaveLength(3);
    const postErr = await api.monitors
      .create(1, { kind: "tcp_port", name: "db", host: "db", port: 5432 })
      .catch((e) => e);
    expect(postErr).toBeInstanceOf(NetworkError);
    expect(srv.requests).toHaveLength(4);
  });

  it("reports invalid JSON in a 2xx as a DecodeError, without retrying", async () => {
    const srv = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    const err = await client(srv.url)
      .as("t")
      .incidents.get(5)
      .catch((e) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect([err.status, err.method, err.path]).toEqual([200, "GET", "/incidents/5"]);
    expect(srv.requests).toHaveLength(1);
  });

  it("retries a 500 once and then succeeds", async () => {
    const srv = await serve((_req, res, _seen, hit) =>
      hit === 1
        ? json(res, 500, { errors: [{ status: "500", title: "Internal" }] })
        : json(res, 200, statusDoc),
    );
    await expect(client(srv.url).as("t").status.get()).resolves.toMatchObject({ active: true });
    expect(srv.requests).toHaveLength(2);
  });

  it("retries the idempotent acknowledge on 503 but not disable", async () => {
    const srv = await serve((req, res, _seen, hit) =>
      hit === 1 || req.url?.endsWith("/disable") ? json(res, 503, undefined) : json(res, 200, incidentDoc),
    );
    const api = client(srv.url).as("t");
    await expect(api.incidents.acknowledge(5)).resolves.toMatchObject({ id: "5", open: true });
    expect(srv.requests.map((r) => r.url)).toEqual(["/incidents/5/acknowledge", "/incidents/5/acknowledge"]);
    await expect(api.monitors.disable(3)).rejects.toBeInstanceOf(ServerError);
    expect(srv.requests).toHaveLength(3);
  });

  it("waits for Retry-After on 429 and then succeeds", async () => {
    const srv = await serve((_req, res, _seen, hit) =>
      hit === 1 ? json(res, 429, undefined, { "retry-after": "1" }) : json(res, 200, statusDoc),
    );
    // Backoff far longer than the test timeout: only the Retry-After wait lets this pass.
    const c = client(srv.url, {
      retry: { retries: 1, baseMs: 600_000, maxMs: 600_000, maxRetryAfterMs: 5_000, random: () => 0.99 },
    });
    await expect(c.as("t").status.get()).resolves.toMatchObject({ status: "active" });
    expect(srv.requests).toHaveLength(2);
  });

  it("gives up at once with RateLimitError when Retry-After exceeds the cap", async () => {
    const srv = await serve((_req, res) =>
      json(res, 429, { errors: [{ title: "Slow down" }] }, { "retry-after": "3600" }),
    );
    const err = await client(srv.url, { retry: { maxRetryAfterMs: 1_000 } })
      .as("t")
      .status.get()
      .catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfter).toBe(3600);
    expect(err.title).toBe("Slow down");
    expect(srv.requests).toHaveLength(1);
  });

  it("turns a 422 into a ValidationError with field pointers, sent once", async () => {
    const srv = await serve((_req, res) =>
      json(res, 422, {
        errors: [
          {
            status: "422",
            title: "Invalid",
            detail: "port out of range",
            source: { pointer: "/data/attributes/settings/port" },
          },
        ],
      }),
    );
    const err = await client(srv.url)
      .as("t")
      .monitors.create(1, { kind: "tcp_port", name: "db", host: "db", port: 70000 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.fieldErrors).toEqual([
      {
        pointer: "/data/attributes/settings/port",
        field: "port",
        title: "Invalid",
        detail: "port out of range",
      },
    ]);
    expect(srv.requests).toHaveLength(1);
  });

  it("types 401, 403 and 404, with empty and non-JSON bodies, never carrying the token", async () => {
    const srv = await serve((req, res) => {
      if (req.url === "/users/me") return json(res, 401, undefined);
      if (req.url === "/teams/1") {
        res.writeHead(403, { "content-type": "text/html" });
        return res.end("<h1>Forbidden</h1>");
      }
      res.writeHead(404);
      res.end();
    });
    const api = client(srv.url).as("secret-token");
    const e401 = await api.users.me().catch((e) => e);
    const e403 = await api.teams.get(1).catch((e) => e);
    const e404 = await api.monitors.get(2).catch((e) => e);
    expect(e401).toBeInstanceOf(AuthenticationError);
    expect(e403).toBeInstanceOf(PermissionDeniedError);
    expect(e404).toBeInstanceOf(NotFoundError);
    expect([e404.status, e404.title, e404.detail, e404.errors, e404.method, e404.path]).toEqual([
      404,
      "Not Found",
      null,
      [],
      "GET",
      "/monitors/2",
    ]);
    for (const e of [e401, e403, e404])
      expect(JSON.stringify({ ...e, message: e.message })).not.toContain("secret-token");
    expect(srv.requests).toHaveLength(3);
  });
});

describe("cancellation and sockets", () => {
  it("cancels a call with its AbortSignal, while waiting for headers or for a retry", async () => {
    let arrived: () => void = () => {};
    const requested = new Promise<void>((r) => {
      arrived = r;
    });
    const srv = await serve((req, res) => (req.url === "/status" ? arrived() : json(res, 503, undefined)));
    const c = client(srv.url, { retry: { retries: 2, baseMs: 600_000, maxMs: 600_000, random: () => 0.99 } });
    const api = c.as("t");
    const ac = new AbortController();
    const pending = api.status.get({ signal: ac.signal });
    await requested;
    ac.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);

    const ac2 = new AbortController();
    const retrying = api.monitors.get(1, { signal: ac2.signal });
    while (srv.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    ac2.abort();
    await expect(retrying).rejects.toBeInstanceOf(AbortedError);
    expect(srv.requests).toHaveLength(2);

    await expect(api.status.get({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
  });

  it("turns a deadline (AbortSignal.timeout) into a TimeoutError, while waiting for headers or for a retry, without retrying", async () => {
    const srv = await serve((req, res) => (req.url === "/status" ? undefined : json(res, 503, undefined)));
    const c = client(srv.url, { retry: { retries: 2, baseMs: 600_000, maxMs: 600_000, random: () => 0.99 } });
    const api = c.as("t");

    const waiting = await api.status.get({ signal: AbortSignal.timeout(50) }).catch((e) => e);
    expect(waiting).toBeInstanceOf(TimeoutError);
    expect(waiting).not.toBeInstanceOf(AbortedError);
    expect([waiting.phase, waiting.transportCode, waiting.cause?.name]).toEqual([
      "deadline",
      null,
      "TimeoutError",
    ]);
    expect(srv.requests).toHaveLength(1);

    const retrying = await api.monitors.get(1, { signal: AbortSignal.timeout(100) }).catch((e) => e);
    expect(retrying).toBeInstanceOf(TimeoutError);
    expect(retrying.phase).toBe("deadline");
    expect(srv.requests).toHaveLength(2);
  });

  it("consumes every body: error responses reuse the one connection and close() resolves", async () => {
    const big = { errors: [{ title: "Not Found", detail: "x".repeat(200_000) }] };
    const srv = await serve((req, res, _seen, hit) => {
      if (req.url === "/status") return json(res, 200, statusDoc);
      if (req.url === "/incidents/1") return json(res, 200, { data: [] }); // decodes badly
      json(res, hit % 2 ? 404 : 422, big);
    });
    const c = client(srv.url, { connections: 1 });
    const api = c.as("t");
    for (let i = 0; i < 4; i++) await expect(api.monitors.get(i + 1)).rejects.toBeInstanceOf(Error);
    await expect(api.incidents.get(1)).rejects.toBeInstanceOf(DecodeError);
    await expect(api.status.get()).resolves.toMatchObject({ active: true });
    expect(srv.connections).toBe(1);
    await new Promise((r) => setImmediate(r)); // the pool marks the client free on the next turn
    expect(c.stats).toMatchObject({ connected: 1, free: 1, pending: 0, queued: 0, running: 0 });
    await c.close();
    expect(c.stats.connected).toBe(0);
    await expect(api.status.get()).rejects.toBeInstanceOf(UsageError);
  });
});

describe("size and page caps (README: limits)", () => {
  const oversized = DEFAULT_MAX_RESPONSE_BYTES + 64 * 1024;

  it("refuses a body whose Content-Length passes the cap, once, without retrying", async () => {
    const srv = await serve((_req, res) => {
      const body = JSON.stringify({
        data: { type: "users", id: "7", attributes: { firstName: "x".repeat(oversized) } },
      });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
    const error = await client(srv.url)
      .as("t")
      .users.me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).message).toMatch(/size limit/);
    expect(srv.requests).toHaveLength(1);
  });

  it("stops reading an endless chunked body once it passes the cap", async () => {
    let written = 0;
    const srv = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data":{"type":"users","id":"7","attributes":{"firstName":"');
      const chunk = "x".repeat(64 * 1024);
      // Never ends: only the client's cap stops it (the socket closes, then writes stop).
      const pump = () => {
        while (!res.destroyed && written < 64 * DEFAULT_MAX_RESPONSE_BYTES) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
      };
      pump();
    });
    const error = await client(srv.url)
      .as("t")
      .users.me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).message).toMatch(/size limit/);
    expect(written).toBeLessThan(8 * DEFAULT_MAX_RESPONSE_BYTES);
    expect(srv.requests).toHaveLength(1);
  });

  it("reads a body just under the cap (the control)", async () => {
    const srv = await serve((_req, res) =>
      json(res, 200, {
        data: {
          type: "users",
          id: "7",
          attributes: { firstName: "x".repeat(DEFAULT_MAX_RESPONSE_BYTES - 1024) },
        },
      }),
    );
    const me = await client(srv.url).as("t").users.me();
    expect(me.firstName).toHaveLength(DEFAULT_MAX_RESPONSE_BYTES - 1024);
  });

  it("stops a collection walk at its page cap when the server always has a next page", async () => {
    const srv = await serve((req, res, seen) => {
      const page = Number(new URL(seen.url, "http://x").searchParams.get("page[number]") ?? "1");
      json(res, 200, {
        data: [monitorDoc(String(page))],
        meta: { currentPage: page, count: 1, perPage: 1, hasMorePages: true },
        links: { next: `http://${req.headers.host}/teams/1/monitors?page[number]=${page + 1}` },
      });
    });
    const api = client(srv.url).as("t");
    const walk = await collectPages(await api.teams.monitors(1), 5);
    expect(walk.capped).toBe(true);
    expect(walk.items.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5"]);
    // The page that would be sixth is never requested.
    expect(srv.requests).toHaveLength(5);
  });
});
