import pino, { type Logger, type LoggerOptions } from "pino";
import { requestContext } from "./request-context";

export type { Logger } from "pino";

/** Paths that may hold a secret; pino replaces them with [redacted] wherever they appear (docs/architecture.md section 7). */
export const REDACTED_PATHS = [
  "token",
  "*.token",
  "*.*.token",
  "apiToken",
  "*.apiToken",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "req.headers.authorization",
  "botToken",
  "*.botToken",
  "clientSecret",
  "*.clientSecret",
  "encryptionKey",
  "*.encryptionKey",
];

export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  const config: LoggerOptions = {
    level: options.level ?? "info",
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    ...(options.name ? { name: options.name } : {}),
    // Every line written while a Slack request is handled names its workspace and request id.
    mixin: () => requestContext() ?? {},
  };
  // Synchronous writes to stdout, not pino's default asynchronous stream: at process.exit that stream
  // writes its buffer while an earlier write may still be in flight, so the last lines came out of order
  // ("draining" after "stopped" on a loaded machine). The bot logs a few lines per event, not per request.
  return pino(config, options.destination ?? pino.destination({ dest: 1, sync: true }));
}

/** A logger that writes nothing, for tests and tools that only need the interface. */
export const silentLogger: Logger = pino({ level: "silent" });
