import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { AckTimeoutError, FakeSlackUsageError } from "./errors";
import { randomHex } from "./ids";

export type EnvelopeType = "slash_commands" | "interactive" | "events_api";

/** Slack pings Socket Mode clients; the SDK drops a connection that stops hearing pings for 30 s. */
const PING_INTERVAL_MS = 10_000;

interface Pending {
  resolve(payload: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The fake Socket Mode endpoint: apps.connections.open hands out one-time URLs, connections get `hello`,
 * envelopes go to one open connection (round robin, as Slack spreads them) and wait for the ack with the
 * same envelope_id.
 */
export class FakeSocketMode {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<WebSocket>();
  private readonly tickets = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private readonly waiters = new Set<() => void>();
  private readonly pinger: NodeJS.Timeout;
  private next = 0;

  constructor(
    private readonly appId: string,
    private readonly socketBaseUrl: () => string,
  ) {
    this.pinger = setInterval(() => {
      for (const socket of this.connections) socket.ping();
    }, PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** A URL for apps.connections.open (one ticket per call, as Slack's wss URLs are single-use). */
  openUrl(): string {
    const ticket = randomHex(16);
    this.tickets.add(ticket);
    return `${this.socketBaseUrl()}/socket?ticket=${ticket}&app_id=${this.appId}`;
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://fake");
    const ticket = url.searchParams.get("ticket") ?? "";
    if (url.pathname !== "/socket" || !this.tickets.delete(ticket)) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n");
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  private accept(ws: WebSocket): void {
    this.connections.add(ws);
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      const envelopeId = (message as { envelope_id?: unknown }).envelope_id;
      if (typeof envelopeId !== "string") return;
      const waiting = this.pending.get(envelopeId);
      if (!waiting) return;
      this.pending.delete(envelopeId);
      clearTimeout(waiting.timer);
      const payload = (message as { payload?: unknown }).payload;
      waiting.resolve(
        typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {},
      );
    });
    ws.on("close", () => this.connections.delete(ws));
    ws.on("error", () => this.connections.delete(ws));
    ws.send(
      JSON.stringify({
        type: "hello",
        num_connections: this.connections.size,
        debug_info: { host: "fake-slack", build_number: 1, approximate_connection_time: 3600 },
        connection_info: { app_id: this.appId },
      }),
    );
    for (const wake of this.waiters) wake();
  }

  connected(): boolean {
    return this.connections.size > 0;
  }

  waitForConnection(timeoutMs = 5000): Promise<void> {
    if (this.connected()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new FakeSlackUsageError(`no Socket Mode client connected within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  /** Sends one envelope and resolves with the ack's payload ({} for a bare ack). */
  deliver(type: EnvelopeType, payload: unknown, timeoutMs: number): Promise<Record<string, unknown>> {
    const open = [...this.connections];
    if (open.length === 0)
      return Promise.reject(new FakeSlackUsageError("no Socket Mode client is connected"));
    const socket = open[this.next++ % open.length] as WebSocket;
    const envelopeId = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(envelopeId);
        reject(new AckTimeoutError("socket", timeoutMs));
      }, timeoutMs);
      this.pending.set(envelopeId, { resolve, reject, timer });
      socket.send(
        JSON.stringify({
          envelope_id: envelopeId,
          type,
          payload,
          // Slack lets slash commands and interactions answer in the ack; events never.
          accepts_response_payload: type !== "events_api",
          ...(type === "events_api" ? { retry_attempt: 0, retry_reason: "" } : {}),
        }),
      );
    });
  }

  /** Slack's `disconnect` message (e.g. "refresh_requested"): the SDK reconnects through apps.connections.open. */
  requestReconnect(reason = "refresh_requested"): void {
    for (const socket of this.connections) {
      socket.send(JSON.stringify({ type: "disconnect", reason, debug_info: { host: "fake-slack" } }));
    }
  }

  close(): void {
    clearInterval(this.pinger);
    for (const [, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new FakeSlackUsageError("fake Slack closed"));
    }
    this.pending.clear();
    for (const socket of this.connections) socket.terminate();
    this.connections.clear();
    this.wss.close();
  }
}
