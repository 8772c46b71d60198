import { App } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { waitFor } from "../../support/wait-for";
import { quietLogger } from "./quiet-logger";

const BOT = "U0BOT";
const users = [{ id: "U0ALICE", name: "alice", realName: "Alice Adams" }];
const channels = [{ id: "C0ALERTS", name: "alerts", members: ["U0ALICE", BOT] }];

describe("fake Socket Mode against a real Bolt app", () => {
  let fake: FakeSlack;
  let app: App;
  const logger = quietLogger();

  beforeAll(async () => {
    fake = await startFakeSlack({ signingSecret: "unused-in-socket-mode", users, channels });
    app = new App({
      token: "xoxb-fake-bot",
      appToken: "xapp-fake-app",
      socketMode: true,
      clientOptions: { slackApiUrl: fake.apiUrl },
      // Bolt hands installerOptions.clientOptions to its SocketModeClient, whose WebClient calls
      // apps.connections.open: this is what points Socket Mode at the fake.
      installerOptions: { clientOptions: { slackApiUrl: fake.apiUrl } },
      logger,
    });
    app.command("/uptime", async ({ command, ack, respond }) => {
      await ack({ text: `working on ${command.text}` });
      await respond({ text: `done: ${command.text}` });
    });
    app.view("login", async ({ ack }) => {
      await ack({ response_action: "errors", errors: { token_block: "Token rejected" } });
    });
    app.event("message", async ({ event, client }) => {
      if ("text" in event && typeof event.text === "string") {
        await client.chat.postMessage({
          channel: event.channel,
          thread_ts: event.ts,
          text: `echo: ${event.text}`,
        });
      }
    });
    await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  it("connects through apps.connections.open with the app token and gets hello", async () => {
    await fake.socket.waitForConnection();
    expect(fake.socket.connected()).toBe(true);
    const open = fake.state.callsOf("apps.connections.open");
    expect(open.at(-1)?.result).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/socket\?/),
    });
  });

  it("delivers a slash command envelope; the ack payload is the reply and respond() works", async () => {
    const result = await fake.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0ALERTS",
      text: "status",
      via: "socket",
    });
    expect(result.via).toBe("socket");
    expect(result.body).toEqual({ text: "working on status" });
    expect(fake.state.ephemeralFor("U0ALICE", "C0ALERTS").map((e) => e.text)).toContain("working on status");
    await waitFor(fake.events, () => fake.state.responseUrlPosts.find((p) => p.body.text === "done: status"));
  });

  it("returns a view_submission ack payload (response_action errors) over the socket", async () => {
    const trigger = fake.issueTriggerId("U0ALICE");
    const opened = await app.client.views.open({
      trigger_id: trigger,
      view: {
        type: "modal",
        callback_id: "login",
        title: { type: "plain_text", text: "Link account" },
        submit: { type: "plain_text", text: "Link" },
        blocks: [
          {
            type: "input",
            block_id: "token_block",
            label: { type: "plain_text", text: "Token" },
            element: { type: "plain_text_input", action_id: "token_input" },
          },
        ],
      },
    });
    const result = await fake.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: opened.view?.id as string,
      values: { token_block: { token_input: { type: "plain_text_input", value: "bad" } } },
      via: "socket",
    });
    expect(result.responseAction).toBe("errors");
    expect(result.errors).toEqual({ token_block: "Token rejected" });
    expect(fake.state.viewErrors.get(opened.view?.id as string)).toEqual({ token_block: "Token rejected" });
  });

  it("delivers events_api envelopes and stores the user's message in the channel", async () => {
    const result = await fake.sender.event({
      type: "message",
      channel: "C0ALERTS",
      user: "U0ALICE",
      text: "hello bot",
    });
    expect(result.status).toBe(200);
    expect(result.event.ts).toBe(fake.state.channelMessages("C0ALERTS").at(-1)?.ts);
    const echo = await waitFor(
      fake.events,
      () => fake.state.replies("C0ALERTS", result.event.ts as string)[0],
    );
    expect(echo.text).toBe("echo: hello bot");
    expect(logger.errors).toEqual([]);
  });
});
