// A transparent HTTP proxy that keeps every response body it forwards, so that a test can point the
// real client at it and afterwards check exactly the bytes the client decoded (e.g. against the
// JSON:API schema) without mocking anything.
import { Agent, createServer, type IncomingMessage, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedResponse {
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  status: number;
  contentType: string | undefined;
  /** The body exactly as the upstream sent it (before link rewriting). */
  body: string;
}

export interface RecordingProxy {
  url: string;
  responses: RecordedResponse[];
  close(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/**
 * Forwards every request to `upstream` (an origin). Absolute links of the upstream in bodies and
 * `Location` are rewritten to the proxy's origin, as a server behind a reverse proxy would write its
 * public address; otherwise the client would rightly refuse `links.next` to another origin. When the
 * upstream drops the connection, the proxy drops the client's connection too.
 */
export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const responses: RecordedResponse[] = [];
  let self = "";
  const server = createServer(async (req, res) => {
    try {
      const body = await readAll(req);
      const headers = { ...req.headers, host: target.host };
      const upstreamRes = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
          resolve,
        );
        out.on("error", reject);
        out.end(body);
      });
      const raw = (await readAll(upstreamRes)).toString("utf8");
      responses.push({
        method: req.method ?? "GET",
        path: req.url ?? "/",
        status: upstreamRes.statusCode ?? 0,
        contentType: upstreamRes.headers["content-type"],
        body: raw,
      });
      const rewritten = Buffer.from(raw.split(target.origin).join(self));
      const outHeaders = { ...upstreamRes.headers, "content-length": String(rewritten.length) };
      delete outHeaders["transfer-encoding"];
      if (typeof outHeaders.location === "string") {
        outHeaders.location = outHeaders.location.split(target.origin).join(self);
      }
      res.writeHead(upstreamRes.statusCode ?? 502, outHeaders);
      res.end(rewritten);
    } catch {
      // The upstream reset or closed the connection: pass the failure on as a dropped connection.
      req.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: self,
    responses,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
