import { connect } from "node:net";

export interface ProbeResult {
  ok: boolean;
  /** HTTP status, or 0 when no HTTP answer came (A5); 200 for a TCP connect that succeeded. */
  status: number;
  durationMs: number;
  error: string | null;
}

/** A real HTTP GET of the monitor's URL; 2xx/3xx passes, and the keyword must occur when one is set. */
export async function probeHttp(
  url: string,
  keyword: string | undefined,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ProbeResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, {
      method: "GET",
      redirect: "follow",
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    let ok = res.status < 400;
    let error: string | null = ok ? null : `HTTP ${res.status}`;
    if (ok && keyword) {
      const text = await res.text();
      if (!text.includes(keyword)) {
        ok = false;
        error = "Keyword not found";
      }
    } else {
      await res.body?.cancel();
    }
    return { ok, status: res.status, durationMs: took(), error };
  } catch (e) {
    // fetch rejects with the signal's reason: a DOMException (TIMEOUT_ERR, or ABORT_ERR when aborted).
    const timedOut =
      e instanceof DOMException && (e.code === DOMException.TIMEOUT_ERR || e.code === DOMException.ABORT_ERR);
    const error = timedOut ? "Connection timeout" : describe(e);
    return { ok: false, status: 0, durationMs: took(), error };
  }
}

/** A real TCP connect to host:port within the timeout. */
export function probeTcp(
  host: string,
  port: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ProbeResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean, error: string | null) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve({ ok, status: ok ? 200 : 0, durationMs: Math.round(performance.now() - started), error });
    };
    const onAbort = () => finish(false, "Probe aborted");
    const timer = setTimeout(() => finish(false, "Connection timeout"), timeoutMs);
    timer.unref();
    signal.addEventListener("abort", onAbort);
    socket.once("connect", () => finish(true, null));
    socket.once("error", (e) => finish(false, describe(e)));
  });
}

function describe(e: unknown): string {
  const err = e as { code?: string; cause?: { code?: string; message?: string }; message?: string };
  const code = err.cause?.code ?? err.code;
  if (code === "ECONNREFUSED") return "Connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "DNS lookup failed";
  if (code === "ECONNRESET") return "Connection reset";
  return err.cause?.message ?? err.message ?? "Probe failed";
}
