import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../dev/playground/fake-slack";
import { waitFor } from "../../support/wait-for";
import { quietLogger } from "./quiet-logger";

const SECRET = "bolt-http-secret";
const BOT = "U0BOT";
const users = [
  { id: "U0ALICE", name: "alice", realName: "Alice Adams" },
  { id: "U0BOB", name: "bob", realName: "Bob Brown" },
];
const channels = [{ id: "C0ALERTS", name: "alerts", members: ["U0ALICE", "U0BOB", BOT] }];

const createModal = {
  type: "modal" as const,
  callback_id: "create_monitor",
  notify_on_close: true,
  title: { type: "plain_text" as const, text: "Create monitor" },
  submit: { type: "plain_text" as const, text: "Create" },
  blocks: [
    {
      type: "input",
      block_id: "url_block",
      label: { type: "plain_text", text: "URL" },
      element: { type: "plain_text_input", action_id: "url_input" },
    },
    {
      type: "section",
      block_id: "group_block",
      text: { type: "mrkdwn", text: "Group" },
      accessory: {
        type: "external_select",
        action_id: "group_select",
        placeholder: { type: "plain_text", text: "Pick" },
      },
    },
  ],
};

/** A tiny bot: just enough handlers to exercise every delivery path of the fake. */
function buildApp(apiUrl: string, logger: ReturnType<typeof quietLogger>): App {
  const app = new App({
    token: "xoxb-fake-bot",
    signingSecret: SECRET,
    clientOptions: { slackApiUrl: apiUrl },
    logger,
  });
  app.command("/uptime", async ({ command, ack, respond, client }) => {
    if (command.text === "quick") return ack("Quick answer");
    if (command.text === "create") {
      await ack();
      await client.views.open({ trigger_id: command.trigger_id, view: createModal });
      return;
    }
    await ack();
    await respond({ response_type: "ephemeral", text: `pong ${command.text}` });
  });
  app.action("ack_button", async ({ ack, respond }) => {
    await ack();
    await respond({ replace_original: true, text: "Acknowledged by alice" });
  });
  app.action("link_button", async ({ ack, respond }) => {
    await ack();
    await respond({ replace_original: true, text: "Linked, acknowledging now" });
  });
  app.action("refresh_button", async ({ ack, body, client }) => {
    await ack();
    if (body.type !== "block_actions" || !body.view) return;
    await client.views.update({
      view_id: body.view.id,
      hash: body.view.hash,
      view: { ...createModal, title: { type: "plain_text", text: "Refreshed" } },
    });
  });
  app.view("create_monitor", async ({ ack, view }) => {
    const url = view.state.values.url_block?.url_input?.value ?? "";
    if (!url.startsWith("http")) {
      await ack({ response_action: "errors", errors: { url_block: "Enter an http(s) URL" } });
      return;
    }
    await ack();
  });
  app.view({ callback_id: "create_monitor", type: "view_closed" }, async ({ ack }) => {
    await ack();
  });
  app.options("group_select", async ({ ack, options }) => {
    await ack({
      options: [{ text: { type: "plain_text", text: `group ${options.value}` }, value: options.value }],
    });
  });
  app.shortcut("create_monitor_shortcut", async ({ ack, shortcut, client }) => {
    await ack();
    await client.views.open({ trigger_id: shortcut.trigger_id, view: createModal });
  });
  app.event("app_home_opened", async ({ event, client }) => {
    await client.views.publish({
      user_id: event.user,
      view: { type: "home", blocks: [{ type: "section", text: { type: "mrkdwn", text: "Hello" } }] },
    });
  });
  return app;
}

describe("fake Slack sender against a real Bolt app over HTTP", () => {
  let fake: FakeSlack;
  let app: App;
  const logger = quietLogger();

  beforeAll(async () => {
    fake = await startFakeSlack({ signingSecret: SECRET, users, channels });
    app = buildApp(fake.apiUrl, logger);
    const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
    fake.setAppUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`);
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  it("delivers a signed slash command; the ack is 200 and respond() lands on the response_url", async () => {
    const result = await fake.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0ALERTS",
      text: "status",
    });
    expect(result.status).toBe(200);
    expect(result.responseUrl).toMatch(new RegExp(`^${fake.url}/response/`));
    const post = await waitFor(fake.events, () =>
      fake.state.responseUrlPosts.find((p) => p.body.text === "pong status"),
    );
    expect(post.status).toBe(200);
    expect(fake.state.ephemeralFor("U0ALICE", "C0ALERTS").map((e) => e.text)).toContain("pong status");
  });

  it("shows a text ack of a slash command as an ephemeral reply", async () => {
    const result = await fake.sender.slashCommand({ userId: "U0BOB", channelId: "C0ALERTS", text: "quick" });
    expect(result.body).toBe("Quick answer");
    const reply = fake.state.ephemeralFor("U0BOB", "C0ALERTS").find((e) => e.text === "Quick answer");
    expect(reply?.source).toBe("command_response");
  });

  it("round-trips block_actions: respond({ replace_original }) rewrites the source message", async () => {
    const root = fake.state.addMessage("C0ALERTS", {
      user: BOT,
      bot_id: "B0BOT",
      app_id: "A0UPTIME",
      text: "API is down",
      blocks: [
        {
          type: "actions",
          block_id: "incident_actions",
          elements: [
            {
              type: "button",
              action_id: "ack_button",
              value: "v1:42",
              text: { type: "plain_text", text: "Ack" },
            },
          ],
        },
      ],
    });
    const result = await fake.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: "C0ALERTS", ts: root.ts },
      actions: [{ action_id: "ack_button" }],
    });
    expect(result.status).toBe(200);
    await waitFor(
      fake.events,
      () => fake.state.findMessage("C0ALERTS", root.ts)?.text === "Acknowledged by alice",
    );
    expect(fake.state.findMessage("C0ALERTS", root.ts)?.blocks).toEqual([]);
  });

  it("round-trips actions on ephemeral messages and in modals (view id and hash in the payload)", async () => {
    const { message_ts } = await app.client.chat.postEphemeral({
      channel: "C0ALERTS",
      user: "U0BOB",
      text: "Link your account first",
      blocks: [
        {
          type: "actions",
          elements: [
            { type: "button", action_id: "link_button", text: { type: "plain_text", text: "Link" } },
          ],
        },
      ],
    });
    await fake.sender.blockAction({
      userId: "U0BOB",
      container: { type: "ephemeral", channel: "C0ALERTS", ts: message_ts as string },
      actions: [{ action_id: "link_button" }],
    });
    await waitFor(fake.events, () =>
      fake.state.ephemeralFor("U0BOB", "C0ALERTS").find((e) => e.text === "Linked, acknowledging now"),
    );
    expect(fake.state.findEphemeral("C0ALERTS", message_ts as string)?.text).toBe(
      "Linked, acknowledging now",
    );

    const opened = await app.client.views.open({
      trigger_id: fake.issueTriggerId("U0BOB"),
      view: {
        ...createModal,
        blocks: [
          ...createModal.blocks,
          {
            type: "actions",
            elements: [
              { type: "button", action_id: "refresh_button", text: { type: "plain_text", text: "Refresh" } },
            ],
          },
        ],
      },
    });
    const viewId = opened.view?.id as string;
    await fake.sender.blockAction({
      userId: "U0BOB",
      container: { type: "view", viewId },
      actions: [{ action_id: "refresh_button" }],
    });
    const refreshed = await waitFor(fake.events, () =>
      fake.state.topModal("U0BOB")?.title?.text === "Refreshed" ? fake.state.topModal("U0BOB") : undefined,
    );
    expect(refreshed.id).toBe(viewId);
    expect(refreshed.hash).not.toBe(opened.view?.hash);
    fake.state.clearModals("U0BOB");
  });

  it("opens a modal from a command and round-trips view_submission with response_action errors", async () => {
    await fake.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "create" });
    const modal = await waitFor(fake.events, () => fake.state.topModal("U0ALICE"));
    expect(modal.callback_id).toBe("create_monitor");

    const suggestion = await fake.sender.blockSuggestion({
      userId: "U0ALICE",
      viewId: modal.id,
      actionId: "group_select",
      blockId: "group_block",
      value: "prod",
    });
    expect(suggestion.options).toEqual([{ text: { type: "plain_text", text: "group prod" }, value: "prod" }]);

    const rejected = await fake.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: { url_block: { url_input: { type: "plain_text_input", value: "not a url" } } },
    });
    expect(rejected.responseAction).toBe("errors");
    expect(rejected.errors).toEqual({ url_block: "Enter an http(s) URL" });
    expect(rejected.outcome).toBe("errors");
    expect(fake.state.viewErrors.get(modal.id)).toEqual({ url_block: "Enter an http(s) URL" });
    expect(fake.state.topModal("U0ALICE")?.id).toBe(modal.id);

    const accepted = await fake.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: { url_block: { url_input: { type: "plain_text_input", value: "https://example.com" } } },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.outcome).toBe("closed");
    expect(fake.state.topModal("U0ALICE")).toBeUndefined();
  });

  it("delivers a global shortcut whose trigger opens a modal, and view_closed when notify_on_close", async () => {
    const result = await fake.sender.shortcut({ userId: "U0BOB", callbackId: "create_monitor_shortcut" });
    expect(result.status).toBe(200);
    const modal = await waitFor(fake.events, () => fake.state.topModal("U0BOB"));
    const closed = await fake.sender.viewClosed({ userId: "U0BOB", viewId: modal.id });
    expect(closed).toMatchObject({ delivered: true, status: 200 });
    expect(fake.state.topModal("U0BOB")).toBeUndefined();
  });

  it("delivers events: app_home_opened publishes the Home tab; url_verification echoes the challenge", async () => {
    const result = await fake.sender.event({
      type: "app_home_opened",
      user: "U0BOB",
      channel: "D0BOB",
      tab: "home",
    });
    expect(result.status).toBe(200);
    expect(result.eventId).toMatch(/^Ev/);
    const home = await waitFor(fake.events, () => fake.state.homeViews.get("U0BOB"));
    expect(home.type).toBe("home");
    const verification = await fake.sender.urlVerification("abc123");
    expect(verification.body).toEqual({ challenge: "abc123" });
  });

  it("gets 401 from Bolt for a forged signature and for a stale timestamp", async () => {
    const body = new URLSearchParams({ command: "/uptime", text: "status", user_id: "U0ALICE" }).toString();
    const forged = await fake.sender.signedRequest(body, { secret: "not-the-secret" });
    expect(forged.status).toBe(401);
    const stale = await fake.sender.signedRequest(body, {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(401);
  });

  it("expires a response_url after 5 uses", async () => {
    const { responseUrl } = await fake.sender.slashCommand({
      userId: "U0BOB",
      channelId: "C0ALERTS",
      text: "count",
    });
    await waitFor(fake.events, () => fake.state.responseUrlPosts.find((p) => p.body.text === "pong count"));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(responseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: `extra ${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 404]);
  });

  it("left Bolt nothing to log as an error (every Web API call it made was answered)", () => {
    expect(logger.errors).toEqual([]);
  });
});
