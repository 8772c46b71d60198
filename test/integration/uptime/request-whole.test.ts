// requestWhole against a real local HTTP server: what request() + body.text() gave, without their stream.
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errors, Pool } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { bodyText, requestWhole } from "../../../src/uptime/request-whole";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A server answering with `answer`, and a pool on it; `hits` counts the requests that reached it. */
async function serve(answer: (res: ServerResponse) => void) {
  const state = { hits: 0 };
  const server = createServer((_req, res) => {
    state.hits++;
    answer(res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  cleanups.push(async () => {
    await pool.destroy();
    server.closeAllConnections();
    server.close();
  });
  return { pool, state };
}

const GET = { method: "GET" as const, path: "/x" };

describe("requestWhole", () => {
  it("gives the status, lowercased headers and the whole body of a chunked answer", async () => {
    const { pool } = await serve((res) => {
      res.writeHead(404, { "X-Request-Id": "r1", "Content-Type": "application/json" });
      res.write('{"errors":[');
      setTimeout(() => res.end('{"status":"404"}]}'), 20);
    });
    const response = await requestWhole(pool, GET);
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-request-id"]).toBe("r1");
    expect(JSON.parse(bodyText(response.body))).toEqual({ errors: [{ status: "404" }] });
  });

  it("answers with the final response after a 103, and drops a UTF-8 byte order mark as body.text() does", async () => {
    const { pool } = await serve((res) => {
      res.writeEarlyHints({ link: "</style.css>; rel=preload" });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"ok":"é"}')]));
    });
    const response = await requestWhole(pool, GET);
    expect(response.statusCode).toBe(200);
    expect(bodyText(response.body)).toBe('{"ok":"é"}');
  });

  it("reads an empty body as the empty string", async () => {
    const { pool } = await serve((res) => {
      res.writeHead(204);
      res.end();
    });
    const response = await requestWhole(pool, GET);
    expect(response.statusCode).toBe(204);
    expect(response.body.length).toBe(0);
    expect(bodyText(response.body)).toBe("");
  });

  it("rejects with the signal's reason: fired before the request (never sent) and while the body streams", async () => {
    const { pool, state } = await serve((res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const before = new AbortController();
    before.abort(new Error("gone before"));
    await expect(requestWhole(pool, GET, before.signal)).rejects.toThrow("gone before");
    expect(state.hits).toBe(0);

    const during = new AbortController();
    const pending = requestWhole(pool, GET, during.signal);
    while (state.hits === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    during.abort();
    await expect(pending).rejects.toBeInstanceOf(Error);
    expect(during.signal.reason).toBeInstanceOf(DOMException);
    await expect(pending).rejects.toBe(during.signal.reason);
  });

  it("passes undici's own errors on: a body timeout", async () => {
    const { pool } = await serve((res) => {
      res.writeHead(200);
      res.write("never ends");
    });
    await expect(requestWhole(pool, { ...GET, bodyTimeout: 50 })).rejects.toBeInstanceOf(
      errors.BodyTimeoutError,
    );
  });
});
