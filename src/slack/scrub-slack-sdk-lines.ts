import type { Logger as SlackLogger } from "@slack/bolt";

/**
 * The Slack SDK lines that carry raw payloads, by what they are (@slack/socket-mode 3.x, @slack/web-api 8.x):
 * - every Socket Mode frame received, logged whole at debug: a view_submission's `view.state` holds what
 *   the user typed, the login modal's personal API token included. Pino's redaction sees one
 *   string, not paths, so these lines are cut down to the envelope's type and id here;
 * - a frame that is not JSON, logged with the frame and the parse error (V8's message quotes the text);
 * - every frame sent (acks) and `Calling ack()` with its data: our own answers, shown as their envelope id;
 * - `http request result`: a views.* answer carries the view's `state`, the user's input; the rest of the
 *   result stays, as it is what one reads these lines for.
 * A line not listed here is passed on as it is.
 */
const RECEIVED = "Received a message on the WebSocket: ";
const UNPARSABLE = "Unable to parse an incoming WebSocket message";
const SENDING = "Sending a WebSocket message: ";
const CALLING_ACK = /^(Calling ack\(\) - type: [^,]*, envelope_id: [^,]*), data: /;
const API_RESULT = "http request result: ";

/** What a Slack SDK log line may show; its raw payloads replaced by what they were. */
export function scrubSlackSdkLine(line: string): string {
  if (line.startsWith(RECEIVED)) return RECEIVED + frameSummary(line.slice(RECEIVED.length));
  if (line.startsWith(UNPARSABLE)) return `${UNPARSABLE} (ignored; not logged: it may hold user input)`;
  if (line.startsWith(SENDING)) return SENDING + frameSummary(line.slice(SENDING.length));
  const ack = CALLING_ACK.exec(line);
  if (ack) return `${ack[1]}, data: [not logged]`;
  if (line.startsWith(API_RESULT)) return API_RESULT + withoutViewState(line.slice(API_RESULT.length));
  return line;
}

function frameSummary(json: string): string {
  let frame: unknown;
  try {
    frame = JSON.parse(json);
  } catch {
    return "[not JSON; not logged]";
  }
  if (typeof frame !== "object" || frame === null) return "[not logged]";
  const f = frame as { type?: unknown; envelope_id?: unknown; payload?: { type?: unknown } };
  const fields = [
    typeof f.type === "string" ? `type=${f.type}` : "",
    typeof f.payload?.type === "string" ? `payload_type=${f.payload.type}` : "",
    typeof f.envelope_id === "string" ? `envelope_id=${f.envelope_id}` : "",
  ].filter(Boolean);
  return `${fields.join(" ")} [payload not logged]`.trim();
}

function withoutViewState(json: string): string {
  let result: unknown;
  try {
    result = JSON.parse(json);
  } catch {
    return "[not JSON; not logged]";
  }
  return JSON.stringify(result, (key, value) =>
    key === "state" && typeof value === "object" && value !== null && "values" in value
      ? "[redacted]"
      : value,
  );
}

/**
 * A Slack Logger that scrubs the SDK's lines (scrubSlackSdkLine) before `logger` writes them. Debug lines
 * are only looked at when `debugEnabled()`: a result's JSON is parsed for a line that would be dropped.
 */
export function scrubSlackSdkLines(logger: SlackLogger, debugEnabled: () => boolean): SlackLogger {
  const scrub = (args: unknown[]) => args.map((a) => (typeof a === "string" ? scrubSlackSdkLine(a) : a));
  return {
    debug: (...args) => {
      if (debugEnabled()) logger.debug(...scrub(args));
    },
    info: (...args) => logger.info(...scrub(args)),
    warn: (...args) => logger.warn(...scrub(args)),
    error: (...args) => logger.error(...scrub(args)),
    setLevel: (level) => logger.setLevel(level),
    getLevel: () => logger.getLevel(),
    setName: (name) => logger.setName(name),
  };
}
