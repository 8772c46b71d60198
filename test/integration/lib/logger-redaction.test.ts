import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { LogLevel, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, type Logger } from "../../../src/lib/logger";
import { boltLogger } from "../../../src/slack/bolt-logger";
import { scrubSlackSdkLines } from "../../../src/slack/scrub-slack-sdk-lines";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";

// Tokens of every Slack shape, and an Uptime API token, which has no shape: only its value can find it.
const BOT = "xoxb-1111-2222-bot0secret";
const USER = "xoxp-3333-4444-user0secret";
const ROTATED = "xoxe.xoxp-1-refreshsecret";
const APP = "xapp-1-A0APP-5555-appsecret";
const WORKFLOW = "xwfp-6666-workflowsecret";
const API_TOKEN = "uptime-api-token-of-alice-7f3a9c";
const SECRETS = [BOT, USER, ROTATED, APP, WORKFLOW, API_TOKEN];
/** The part of each token that is secret: what must never appear, whatever surrounds it. */
const secretParts = SECRETS.map((s) => s.slice(s.indexOf("-") + 1));

function captured(level = "debug"): { logger: Logger; output: () => string } {
  const chunks: string[] = [];
  const logger = createLogger({
    level,
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString("utf8"));
        done();
      },
    }),
  });
  return { logger, output: () => chunks.join("") };
}

function expectNoSecret(output: string): void {
  for (const part of secretParts) expect(output, `"${part}" in the log`).not.toContain(part);
}

/**
 * Logger redaction by what a secret is, not by which library wrote it in which words (docs/architecture.md
 * section 7): pino calls with a token in the message, in any field, nested, in an error's message and stack;
 * Bolt's logger adapter with a line no scrubber knows; the WebClient's own debug lines of a real call whose
 * answer carries tokens (oauth.v2.access); and an API token this process has opened with its key.
 */
describe("no token text in any log line", () => {
  let server: Server;
  let apiUrl: string;

  beforeAll(async () => {
    // A Slack Web API stand-in whose oauth.v2.access answers tokens, as Slack's does.
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            ok: true,
            access_token: BOT,
            refresh_token: ROTATED,
            authed_user: { id: "U1", access_token: USER },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    // The API token was linked (sealed) and read back (opened) by this process, as a login does.
    const cipher = TokenCipher.fromSetting(generateKey());
    expect(cipher.decrypt(cipher.encrypt(API_TOKEN, "link:T:T1:U1"), "link:T:T1:U1")).toBe(API_TOKEN);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("pino calls: the message, any field at any depth, arrays, an error's message and stack", () => {
    const { logger, output } = captured();
    logger.info(`connected with ${BOT} and ${APP}`);
    logger.warn({ config: { slack: { anything: USER, list: [WORKFLOW, { deeper: ROTATED }] } } }, "settings");
    logger.info({ whatever: API_TOKEN, header: `Bearer ${API_TOKEN}` }, `polled with ${API_TOKEN}`);
    logger.error({ err: new Error(`invalid_auth for ${BOT} (api token ${API_TOKEN})`) }, "call failed");
    logger.error(new TypeError(`bad token ${WORKFLOW}`));
    const out = output();
    expectNoSecret(out);
    expect(out).toContain("[redacted]");
    expect(out.split("\n").filter(Boolean)).toHaveLength(5);
  });

  it("Bolt's logger adapter, with lines in wordings the SDK scrubber does not know", () => {
    const { logger, output } = captured();
    const bolt = scrubSlackSdkLines(boltLogger(logger), () => true);
    bolt.setLevel(LogLevel.DEBUG);
    bolt.debug("Sending a WebSocket frame (v4):", { token: APP, payload: { bot_access_token: WORKFLOW } });
    bolt.info(`authorize result: ${JSON.stringify({ botToken: BOT, userToken: USER })}`);
    bolt.warn("token rotation:", ROTATED);
    bolt.error(new Error(`An API error occurred: invalid_auth (${BOT})`), "with", API_TOKEN);
    const out = output();
    expectNoSecret(out);
    expect(out.split("\n").filter(Boolean)).toHaveLength(4);
  });

  it("the WebClient's own lines of a real call whose answer carries tokens", async () => {
    const { logger, output } = captured();
    const client = new WebClient(BOT, {
      slackApiUrl: apiUrl,
      logger: scrubSlackSdkLines(boltLogger(logger, "web-client"), () => true),
      logLevel: LogLevel.DEBUG,
      retryConfig: { retries: 0 },
    });
    const result = await client.oauth.v2.access({ client_id: "1", client_secret: API_TOKEN, code: "c" });
    expect(result.access_token).toBe(BOT);
    const out = output();
    // The SDK did log the call (its debug lines), without any token.
    expect(out).toContain("web-client");
    expectNoSecret(out);
  });
});
