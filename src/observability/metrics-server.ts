import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | string>;
}

export interface MetricsServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  readiness: () => Promise<Readiness>;
  metrics: () => Promise<{ contentType: string; body: string }>;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

/**
 * `/metrics` and `/readyz` on a port of their own (METRICS_PORT on METRICS_HOST, loopback by default), so
 * that the public port Slack reaches shows neither the pipeline's numbers nor the readiness details
 * (docs/architecture.md section 9). Anything else answers 404; request bodies are never read.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 404, "text/plain", "not found\n");
    if (path === "/readyz") {
      const readiness = await options.readiness();
      return send(res, readiness.ready ? 200 : 503, "application/json", JSON.stringify(readiness));
    }
    if (path === "/metrics") {
      const { contentType, body } = await options.metrics();
      return send(res, 200, contentType, body);
    }
    send(res, 404, "text/plain", "not found\n");
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "error\n");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
