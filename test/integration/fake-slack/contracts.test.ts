// The fake Slack checks every call against the types of the Slack SDKs (test/fixtures/slack-web-api, generated
// by tools/generate-slack-contracts.ts): refused as Slack refuses invalid arguments, and recorded.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import {
  CONTRACT_TYPES,
  checkContract,
  contractViolations,
} from "../../../dev/playground/fake-slack/contracts";
import { ResponseUrlRegistry } from "../../../dev/playground/fake-slack/response-urls";
import { webApiMethods } from "../../../dev/playground/fake-slack/web-api";
import { quietLogger } from "./quiet-logger";

const root = new URL("../../../", import.meta.url);
const fixtures = new URL("test/fixtures/slack-web-api/", root);
const require = createRequire(import.meta.url);
const installed = (name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;

async function platformError(call: Promise<unknown>): Promise<{ error: string; messages: string[] }> {
  try {
    await call;
  } catch (error) {
    const e = error as {
      code?: string;
      data?: { error: string; response_metadata?: { messages?: string[] } };
    };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return { error: e.data?.error ?? "", messages: e.data?.response_metadata?.messages ?? [] };
  }
  throw new Error("expected the call to fail");
}

/** Web API methods the product calls (`client.chat.postMessage(`), outside the fakes it ships for tests. */
function calledMethods(): Set<string> {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return path.endsWith(".ts") ? [path] : [];
    });
  const src = new URL("src/", root).pathname;
  const found = new Set<string>();
  for (const file of walk(src)) {
    const rel = relative(src, file);
    if (rel.startsWith("playground/") || rel.startsWith("simulator/")) continue;
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\bclient\.([a-z]+)\.([a-zA-Z0-9]+)\s*\(/g)) found.add(`${m[1]}.${m[2]}`);
  }
  return found;
}

describe("the contract fixtures", () => {
  it("were generated from the installed @slack/web-api, @slack/types and @slack/bolt", () => {
    const versions = {
      "@slack/web-api": installed("@slack/web-api"),
      "@slack/types": installed("@slack/types"),
      "@slack/bolt": installed("@slack/bolt"),
    };
    for (const [name, { type }] of Object.entries(CONTRACT_TYPES)) {
      const file = JSON.parse(readFileSync(new URL(`${name}.schema.json`, fixtures), "utf8"));
      expect(file["x-source"], `${name}: run npx tsx tools/generate-slack-contracts.ts`).toMatchObject({
        type,
        versions,
      });
    }
  });

  it("cover every method the fake answers, and the fake answers every method the bot calls", () => {
    const answered = Object.keys(webApiMethods);
    expect(answered.filter((m) => !(m in CONTRACT_TYPES))).toEqual([]);
    const called = [...calledMethods()];
    expect(called.length).toBeGreaterThan(5);
    expect(called.filter((m) => !answered.includes(m))).toEqual([]);
  });

  it("judge Block Kit inside arguments once, against the block that is wrong", () => {
    const problems = checkContract("chat.postMessage", {
      channel: "C0ALERTS",
      text: "x",
      blocks: [
        { type: "header", text: { type: "plain_text", text: "ok" } },
        { type: "section", text: { type: "mrkdwn", text: 5 } },
      ],
    });
    expect(problems.map((p) => p.message)).toEqual([
      "[ERROR] must be string [json-pointer:/blocks/1/text/text]",
    ]);
  });
});

describe("fake Slack Web API contracts through a real WebClient", () => {
  let fake: FakeSlack;
  let web: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ signingSecret: "s3cret" });
    // As Bolt builds a listener's client: with the request's team id, which WebClient adds to every call.
    web = new WebClient("xoxb-fake-bot", {
      teamId: "T0DEMO",
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });
  });
  afterAll(() => fake.close());

  it("accepts calls as WebClient encodes them (form bodies: booleans, numbers and JSON text) and records nothing", async () => {
    const before = contractViolations(fake.state).length;
    const posted = await web.chat.postMessage({
      channel: "C0GENERAL",
      text: "hello",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "hello" } }],
      metadata: { event_type: "t", event_payload: { n: 1, ok: true } },
      unfurl_links: false,
    });
    await web.conversations.history({ channel: "C0GENERAL", limit: 20, include_all_metadata: true });
    await web.chat.update({ channel: "C0GENERAL", ts: posted.ts!, text: "edited" });
    expect(contractViolations(fake.state).slice(before)).toEqual([]);
  });

  it("answers invalid_arguments, naming the argument, for a call the SDK's types refuse, and records it", async () => {
    const before = contractViolations(fake.state).length;
    // A cast, as a bot would need to send what its SDK does not allow.
    const missing = await platformError(web.chat.postEphemeral({ channel: "C0GENERAL", text: "x" } as never));
    expect(missing).toEqual({
      error: "invalid_arguments",
      messages: ["[ERROR] missing required field: user [json-pointer:/]"],
    });
    const badLimit = await platformError(
      web.conversations.history({ channel: "C0GENERAL", limit: "many" as unknown as number }),
    );
    expect(badLimit.error).toBe("invalid_arguments");
    expect(badLimit.messages).toEqual(["[ERROR] must be number [json-pointer:/limit]"]);
    expect(fake.state.callsOf("chat.postEphemeral").at(-1)?.result.error).toBe("invalid_arguments");
    expect(contractViolations(fake.state).slice(before)).toMatchObject([
      { contract: "chat.postEphemeral", refused: true },
      { contract: "conversations.history", refused: true },
    ]);
  });

  it("answers invalid_blocks for a chat.* call whose only problems are in its blocks", async () => {
    const bad = await platformError(
      web.chat.postMessage({
        channel: "C0GENERAL",
        text: "x",
        blocks: [{ type: "header", text: { type: "mrkdwn", text: "headers are plain text" } }] as never,
      }),
    );
    expect(bad).toEqual({
      error: "invalid_blocks",
      messages: ['[ERROR] must be one of "plain_text" [json-pointer:/blocks/0/text/type]'],
    });
  });

  it("refuses a view the SDK's View type does not allow", async () => {
    const bad = await platformError(
      web.views.publish({
        user_id: "U0ALICE",
        view: { type: "home", blocks: [{ type: "section", text: "a text object, not a string" }] } as never,
      }),
    );
    expect(bad.error).toBe("invalid_arguments");
  });

  it("records an unknown argument without refusing it (Slack documents no error for one)", async () => {
    const before = contractViolations(fake.state).length;
    await web.chat.postMessage({ channel: "C0GENERAL", text: "x", colour: "green" } as never);
    expect(contractViolations(fake.state).slice(before)).toMatchObject([
      {
        contract: "chat.postMessage",
        refused: false,
        problems: ["[ERROR] unknown field: colour [json-pointer:/]"],
      },
    ]);
  });

  it("records a response_url body that Bolt's RespondArguments does not allow", () => {
    const registry = new ResponseUrlRegistry(fake.state, fake.config.clock, () => fake.url);
    const id = registry.issue({ kind: "command", channel: "C0GENERAL", user: "U0ALICE" }).split("/").at(-1)!;
    const before = contractViolations(fake.state).length;
    registry.post(id, { text: "x", response_type: "everyone" });
    expect(contractViolations(fake.state).slice(before)).toMatchObject([
      {
        contract: "response_url",
        refused: false,
        problems: ['[ERROR] must be one of "in_channel", "ephemeral" [json-pointer:/response_type]'],
      },
    ]);
  });
});
