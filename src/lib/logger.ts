import pino, { type Logger, type LoggerOptions } from "pino";
import { redactSecrets } from "./log-secrets";
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
  return pino(config, redacting(options.destination ?? pino.destination({ dest: 1, sync: true })));
}

/**
 * The destination behind a last net (log-secrets.ts): the paths above know our own fields' names, but a
 * library's message, an error's stack or a field named anything else reach the line as text.
 */
function redacting(destination: pino.DestinationStream): pino.DestinationStream {
  const target = destination as pino.DestinationStream & {
    flush?: (cb?: (err?: Error) => void) => void;
    flushSync?: () => void;
    end?: () => void;
  };
  return Object.assign(
    { write: (line: string) => target.write(redactSecrets(line)) },
    target.flush ? { flush: (cb?: (err?: Error) => void) => target.flush?.(cb) } : {},
    target.flushSync ? { flushSync: () => target.flushSync?.() } : {},
    target.end ? { end: () => target.end?.() } : {},
  );
}

/** A logger that writes nothing, for tests and tools that only need the interface. */
export const silentLogger: Logger = pino({ level: "silent" });
