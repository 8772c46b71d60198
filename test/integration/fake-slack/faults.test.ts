// The fake Slack's fault windows and channel archiving, driven over its HTTP control routes as the fault
// suite (another process) drives them, and observed through raw HTTP as a client sees them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { WIDE_MANIFEST } from "./wide-manifest";

const BOT = "U0BOT";
const channels = [
  { id: "C0ALERTS", name: "alerts", members: ["U0ALICE", BOT] },
  { id: "C0GONE", name: "gone", members: ["U0ALICE", BOT] },
];

describe("fake Slack fault windows", () => {
  let fake: FakeSlack;

  beforeAll(async () => {
    fake = await startFakeSlack({ signingSecret: "s3cret", channels, manifest: WIDE_MANIFEST });
  });
  afterAll(() => fake.close());

  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.url}/__fake-slack/${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const post = (channel: string, text: string) =>
    fetch(`${fake.apiUrl}chat.postMessage`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${fake.config.botToken}`,
        "content-type": "application/json; charset=utf-8",
      },
      body: JSON.stringify({ channel, text }),
    });

  it("answers 429 with Retry-After for the listed methods only, until the window ends", async () => {
    const set = await control("POST", "faults", {
      kind: "ratelimited",
      methods: ["chat.postMessage"],
      durationMs: 400,
      retryAfterSeconds: 7,
    });
    expect(set.status).toBe(201);
    const limited = await post("C0ALERTS", "one");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.json()).toEqual({ ok: false, error: "ratelimited" });
    const other = await fetch(`${fake.apiUrl}auth.test`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.config.botToken}` },
    });
    expect(other.status).toBe(200);
    expect(fake.state.channelMessages("C0ALERTS")).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await post("C0ALERTS", "two")).status).toBe(200);
    expect(fake.state.channelMessages("C0ALERTS").map((m) => m.text)).toEqual(["two"]);
  });

  it("answers a 5xx, and stalls a call before carrying it out, until cleared", async () => {
    fake.faults.set({ kind: "server_error", methods: ["chat.postMessage"], durationMs: 60_000, status: 502 });
    const failed = await post("C0ALERTS", "lost");
    expect(failed.status).toBe(502);
    expect((await control("DELETE", "faults")).status).toBe(200);

    await control("POST", "faults", {
      kind: "stall",
      methods: ["chat.postMessage"],
      durationMs: 60_000,
      stallMs: 300,
    });
    const t0 = Date.now();
    const stalled = await post("C0ALERTS", "late");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(stalled.status).toBe(200);
    expect(fake.state.channelMessages("C0ALERTS").at(-1)?.text).toBe("late");
    expect(fake.state.callsOf("chat.postMessage").at(-1)?.stalledMs).toBe(300);
    fake.faults.clear();
  });

  it("refuses a bad fault definition with a sentence", async () => {
    const bad = await control("POST", "faults", { kind: "ratelimited", methods: [], durationMs: 10 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/methods/);
    expect((await control("POST", "faults", { kind: "boom", methods: ["x"], durationMs: 10 })).status).toBe(
      400,
    );
  });

  it("archives a channel: posting answers is_archived and conversations.info says so", async () => {
    expect((await control("POST", "channels/C0GONE/archive")).status).toBe(200);
    const answer = (await (await post("C0GONE", "hello")).json()) as { ok: boolean; error?: string };
    expect(answer).toEqual({ ok: false, error: "is_archived" });
    const info = (await (
      await fetch(`${fake.apiUrl}conversations.info?channel=C0GONE`, {
        headers: { authorization: `Bearer ${fake.config.botToken}` },
      })
    ).json()) as { channel: { is_archived: boolean } };
    expect(info.channel.is_archived).toBe(true);
    expect((await control("POST", "channels/C0NONE/archive")).status).toBe(400);
  });
});
