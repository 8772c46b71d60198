import { ErrorCode, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { FakeSlackUsageError } from "../../../dev/playground/fake-slack/errors";
import { quietLogger } from "./quiet-logger";
import { WIDE_MANIFEST } from "./wide-manifest";

const channels = [{ id: "C0OPS", name: "ops", members: ["U0ALICE", "U0BOT"] }];
const users = [{ id: "U0ALICE", name: "alice", realName: "Alice Adams" }];

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; data?: { error: string; needed?: string } };
    expect(e.code).toBe(ErrorCode.PlatformError);
    return e.data?.needed ? `${e.data.error}:${e.data.needed}` : (e.data?.error ?? "");
  }
  throw new Error("expected the call to fail");
}

/** The fake's canvases.* and message shortcuts, through a real WebClient and the manifest's rules. */
describe("fake Slack: canvases and message shortcuts", () => {
  let fake: FakeSlack;
  let narrow: FakeSlack;
  const client = (f: FakeSlack) =>
    new WebClient("xoxb-fake-bot", {
      slackApiUrl: f.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietLogger(),
    });

  beforeAll(async () => {
    const wide = {
      ...WIDE_MANIFEST,
      features: {
        ...WIDE_MANIFEST.features,
        shortcuts: [{ name: "Add", type: "message", callback_id: "add_it", description: "Add" }],
      },
    };
    fake = await startFakeSlack({ signingSecret: "s", users, channels, manifest: wide, rateLimits: false });
    // No canvases:write, no message shortcut.
    narrow = await startFakeSlack({
      signingSecret: "s",
      users,
      channels,
      manifest: { oauth_config: { scopes: { bot: ["chat:write"] } } },
      rateLimits: false,
    });
  });
  afterAll(async () => {
    await fake.close();
    await narrow.close();
  });

  it("creates, shares and replaces a canvas as Slack documents it", async () => {
    const web = client(fake);
    const created = await web.canvases.create({
      title: "Postmortem",
      document_content: { type: "markdown", markdown: "# One" },
    });
    const id = created.canvas_id as string;
    await web.canvases.access.set({ canvas_id: id, access_level: "write", channel_ids: ["C0OPS"] });
    await web.canvases.edit({
      canvas_id: id,
      changes: [{ operation: "replace", document_content: { type: "markdown", markdown: "# Two" } }],
    });
    const canvas = fake.state.canvases.get(id)!;
    expect(canvas).toMatchObject({ title: "Postmortem", markdown: "# Two", edits: 1 });
    expect(canvas.access.get("C0OPS")).toBe("write");
  });

  it("refuses what Slack refuses: the scope, both channels and users, an unknown canvas or channel", async () => {
    expect(await refusal(client(narrow).canvases.create({ title: "x" }))).toBe(
      "missing_scope:canvases:write",
    );
    const web = client(fake);
    const id = (await web.canvases.create({ title: "x" })).canvas_id as string;
    expect(
      await refusal(
        web.canvases.access.set({
          canvas_id: id,
          access_level: "read",
          channel_ids: ["C0OPS"],
          user_ids: ["U0ALICE"],
        }),
      ),
    ).toBe("invalid_parameters");
    expect(
      await refusal(
        web.canvases.access.set({ canvas_id: id, access_level: "read", channel_ids: ["C0NONE"] }),
      ),
    ).toBe("channel_not_found");
    expect(
      await refusal(
        web.canvases.edit({
          canvas_id: "F0NONE",
          changes: [{ operation: "replace", document_content: { type: "markdown", markdown: "x" } }],
        }),
      ),
    ).toBe("canvas_not_found");
  });

  it("sends message_action only for a message shortcut the manifest declares, never on an unknown message", async () => {
    const posted = await fake.postUserMessage({ userId: "U0ALICE", channelId: "C0OPS", text: "hello" });
    await expect(
      fake.messageShortcut({
        userId: "U0ALICE",
        callbackId: "other",
        channelId: "C0OPS",
        messageTs: posted.ts,
      }),
    ).rejects.toBeInstanceOf(FakeSlackUsageError);
    const there = await narrow.postUserMessage({ userId: "U0ALICE", channelId: "C0OPS", text: "hello" });
    await expect(
      narrow.messageShortcut({
        userId: "U0ALICE",
        callbackId: "add_it",
        channelId: "C0OPS",
        messageTs: there.ts,
      }),
    ).rejects.toBeInstanceOf(FakeSlackUsageError);
    await expect(
      fake.messageShortcut({
        userId: "U0ALICE",
        callbackId: "add_it",
        channelId: "C0OPS",
        messageTs: "1.000000",
      }),
    ).rejects.toBeInstanceOf(FakeSlackUsageError);
  });
});
