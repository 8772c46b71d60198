import type { Clock } from "../../../src/lib/clock";
import { FakeSlackUsageError } from "./errors";

/**
 * A Slack outage of some Web API methods for a while (the fault suite, `npm run chaos`):
 * - `ratelimited`: HTTP 429 with `Retry-After` (whole seconds) and `{ok:false, error:"ratelimited"}`, as
 *   Slack answers a method over its tier or a channel over its posting rate;
 * - `server_error`: an HTTP 5xx (default 503) with `{ok:false, error:"fatal_error"}`;
 * - `stall`: the call is held `stallMs` before it is handled as usual. A client that gave up meanwhile
 *   still finds its message posted, as with Slack, where a timed-out call may have been carried out.
 */
export type SlackFaultKind = "ratelimited" | "server_error" | "stall";

export interface SlackFaultInput {
  kind: SlackFaultKind;
  /** Web API methods, e.g. ["chat.postMessage", "chat.update"]. */
  methods: string[];
  /** For this long from now (real time of the fake's clock). */
  durationMs: number;
  /** `ratelimited`: the Retry-After seconds (default 1). */
  retryAfterSeconds?: number;
  /** `server_error`: the HTTP status (500 to 599, default 503). */
  status?: number;
  /** `stall`: how long each call is held (default 15,000 ms). */
  stallMs?: number;
}

export type SlackFaultAnswer =
  | { kind: "ratelimited"; retryAfterSeconds: number }
  | { kind: "server_error"; status: number }
  | { kind: "stall"; stallMs: number };

interface Window {
  answer: SlackFaultAnswer;
  methods: ReadonlySet<string>;
  until: number;
}

/** The fault windows in force; the latest window set for a method wins while several overlap. */
export class FaultWindows {
  private windows: Window[] = [];

  constructor(private readonly clock: Clock) {}

  set(input: SlackFaultInput): void {
    const methods = Array.isArray(input.methods) ? input.methods : [];
    if (methods.length === 0 || methods.some((m) => typeof m !== "string" || m === ""))
      throw new FakeSlackUsageError("methods must list at least one Web API method");
    if (!(Number.isFinite(input.durationMs) && input.durationMs > 0))
      throw new FakeSlackUsageError("durationMs must be a positive number");
    this.windows.push({
      answer: answerOf(input),
      methods: new Set(methods),
      until: this.clock.now() + input.durationMs,
    });
  }

  clear(): void {
    this.windows = [];
  }

  /** The fault for a call of `method` now, or null. */
  take(method: string): SlackFaultAnswer | null {
    const now = this.clock.now();
    this.windows = this.windows.filter((w) => w.until > now);
    for (let i = this.windows.length - 1; i >= 0; i--) {
      const window = this.windows[i]!;
      if (window.methods.has(method)) return window.answer;
    }
    return null;
  }
}

function answerOf(input: SlackFaultInput): SlackFaultAnswer {
  switch (input.kind) {
    case "ratelimited": {
      const seconds = input.retryAfterSeconds ?? 1;
      if (!(Number.isInteger(seconds) && seconds >= 1))
        throw new FakeSlackUsageError("retryAfterSeconds must be a whole number of seconds, at least 1");
      return { kind: "ratelimited", retryAfterSeconds: seconds };
    }
    case "server_error": {
      const status = input.status ?? 503;
      if (!(Number.isInteger(status) && status >= 500 && status <= 599))
        throw new FakeSlackUsageError("status must be an HTTP status from 500 to 599");
      return { kind: "server_error", status };
    }
    case "stall": {
      const stallMs = input.stallMs ?? 15_000;
      if (!(Number.isFinite(stallMs) && stallMs > 0))
        throw new FakeSlackUsageError("stallMs must be a positive number");
      return { kind: "stall", stallMs };
    }
    default:
      throw new FakeSlackUsageError('kind must be "ratelimited", "server_error" or "stall"');
  }
}
