import { LogLevel, type Logger as SlackLogger } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { scrubSlackSdkLine, scrubSlackSdkLines } from "../../../src/slack/scrub-slack-sdk-lines";

const TOKEN = "demo-member-token";
const submission = {
  envelope_id: "env-1",
  type: "interactive",
  accepts_response_payload: true,
  payload: {
    type: "view_submission",
    view: { id: "V1", state: { values: { "login.token": { "login.token": { value: TOKEN } } } } },
  },
};

describe("scrubSlackSdkLine", () => {
  it("cuts a received Socket Mode frame down to its type, payload type and envelope id", () => {
    const line = scrubSlackSdkLine(`Received a message on the WebSocket: ${JSON.stringify(submission)}`);
    expect(line).toBe(
      "Received a message on the WebSocket: type=interactive payload_type=view_submission envelope_id=env-1 [payload not logged]",
    );
  });

  it("drops a frame that is not JSON, and the parse error that would quote it", () => {
    const line = scrubSlackSdkLine(
      `Unable to parse an incoming WebSocket message (will ignore): SyntaxError: Unexpected token '${TOKEN}', {${TOKEN}`,
    );
    expect(line).not.toContain(TOKEN);
    expect(line).toContain("Unable to parse an incoming WebSocket message");
    expect(scrubSlackSdkLine(`Received a message on the WebSocket: {${TOKEN}`)).not.toContain(TOKEN);
  });

  it("shows frames sent and acks by their envelope id only", () => {
    const ack = { envelope_id: "env-2", payload: { response_action: "errors", errors: { x: TOKEN } } };
    expect(scrubSlackSdkLine(`Sending a WebSocket message: ${JSON.stringify(ack)}`)).toBe(
      "Sending a WebSocket message: envelope_id=env-2 [payload not logged]",
    );
    expect(
      scrubSlackSdkLine(`Calling ack() - type: interactive, envelope_id: env-2, data: {"x":"${TOKEN}"}`),
    ).toBe("Calling ack() - type: interactive, envelope_id: env-2, data: [not logged]");
  });

  it("redacts a view's state in a Web API result and keeps the rest", () => {
    const result = { ok: true, view: { ...submission.payload.view, callback_id: "login" } };
    const line = scrubSlackSdkLine(`http request result: ${JSON.stringify(result)}`);
    expect(line).not.toContain(TOKEN);
    expect(JSON.parse(line.slice("http request result: ".length))).toEqual({
      ok: true,
      view: { id: "V1", callback_id: "login", state: "[redacted]" },
    });
  });

  it("passes every other line on as it is", () => {
    for (const line of [
      "apiCall('views.open') start",
      "http request url: http://127.0.0.1/api/views.open",
      'ack() response sent (body: {"text":"ok"})',
      "WebSocket open event received (connection established)!",
    ]) {
      expect(scrubSlackSdkLine(line)).toBe(line);
    }
  });
});

describe("scrubSlackSdkLines", () => {
  const recording = () => {
    const lines: unknown[][] = [];
    const logger: SlackLogger = {
      debug: (...args) => lines.push(["debug", ...args]),
      info: (...args) => lines.push(["info", ...args]),
      warn: (...args) => lines.push(["warn", ...args]),
      error: (...args) => lines.push(["error", ...args]),
      setLevel: () => {},
      getLevel: () => LogLevel.DEBUG,
      setName: () => {},
    };
    return { lines, logger };
  };
  const frame = `Received a message on the WebSocket: ${JSON.stringify(submission)}`;

  it("scrubs the string arguments at every level and passes the others on", () => {
    const { lines, logger } = recording();
    const error = new Error("boom");
    const scrubbed = scrubSlackSdkLines(logger, () => true);
    scrubbed.debug(frame);
    scrubbed.error(frame, error);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    expect(lines[0]?.[0]).toBe("debug");
    expect(lines[1]?.[2]).toBe(error);
  });

  it("does not look at debug lines when debug is off", () => {
    const { lines, logger } = recording();
    scrubSlackSdkLines(logger, () => false).debug(frame);
    expect(lines).toEqual([]);
  });
});
