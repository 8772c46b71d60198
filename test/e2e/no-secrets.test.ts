// No secrets in Slack (issue 10, docs/architecture.md section 1): a monitor whose URL holds user info, a query and a
// fragment is created through the modal, goes down in a storm, and is shown by every surface: the create
// confirmation, the alert root, the storm roll-up, /uptime monitors, monitor, status, the Details button and
// App Home. No body the bot sent to the fake Slack (Web API calls, response_url posts) may carry the secrets.
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack, type ViewStateValues } from "../../dev/playground/fake-slack";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ROLLUP_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { silentLogger } from "../../src/lib/logger";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { detailsCodec } from "../../src/ui/codecs";
import { actions, blocks } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";
import { tokenValues } from "./login-helper";

const OWNER = "U0ALICE";
const CHANNEL = "C0ALERTS";
const SECRET_URL = "https://admin:hunter2@secret.example.com/health?key=s3cr3tkey&x=1#fragsecret";
const SHOWN = "https://secret.example.com/health";
const SECRETS = ["hunter2", "admin:", "s3cr3tkey", "fragsecret"];
// Demo seed, team 1: with the new monitor, six outages at once make a storm (more than 5 in a minute).
const OTHERS = [2, 3, 4, 5, 6];

describe("no secrets in Slack", () => {
  let stack: Stack;
  let redis: Redis;

  /** Everything the bot sent to Slack so far: Web API arguments and response_url bodies. */
  const everythingSent = () =>
    JSON.stringify([stack.slack.state.calls.map((c) => c.args), stack.slack.state.responseUrlPosts]);

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" } });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("never sends a URL's user info, query or fragment, on any surface", async () => {
    // The create-monitor modal, as the owner types it.
    const before = stack.slack.state.topModal(OWNER)?.id;
    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "create" });
    const modal = await waitFor(stack.slack.events, () => {
      const top = stack.slack.state.topModal(OWNER);
      return top && top.id !== before ? top : undefined;
    });
    const C = blocks.createMonitor;
    const A = actions.createMonitor;
    const values: ViewStateValues = {
      [C.kind]: { [A.kind]: { type: "radio_buttons", selected_option: { value: "url" } } },
      [C.interval]: { [A.interval]: { type: "static_select", selected_option: { value: "60" } } },
      [C.name]: { [A.name]: { type: "plain_text_input", value: "Secret API" } },
      [C.url]: { [A.url]: { type: "plain_text_input", value: SECRET_URL } },
    };
    const ephemeralBefore = stack.slack.state.ephemeralFor(OWNER, CHANNEL).length;
    const created = await stack.slack.sender.viewSubmission({ userId: OWNER, viewId: modal.id, values });
    expect(created.outcome).toBe("closed");
    const confirmation = textOf(await stack.nextEphemeral(OWNER, CHANNEL, ephemeralBefore));
    expect(confirmation).toContain(SHOWN);

    // Subscribe, and wait for the baseline: outages after it are alerted.
    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "subscribe" });
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);

    const uptime = new UptimeClient({ baseUrl: stack.simulator.url, logger: silentLogger });
    const page = await uptime.as(DEMO_TOKENS.owner).teams.monitors("1", { filter: { name: "Secret API" } });
    await uptime.close();
    const secretId = Number(page.items.find((m) => m.name === "Secret API")?.id);
    expect(secretId).toBeGreaterThan(0);
    for (const id of OTHERS) stack.simulator.control.fail(id, "HTTP 503 Service Unavailable");
    stack.simulator.control.fail(secretId, "HTTP 503 Service Unavailable");

    // The storm's roll-up lists the secret monitor with its cleaned target.
    const rollup = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .find((m) => m.metadata?.event_type === ROLLUP_EVENT_TYPE && textOf(m).includes("Secret API")),
      20_000,
    );
    expect(textOf(rollup)).toContain(SHOWN);
    const roots = stack.slack.state
      .channelMessages(CHANNEL)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(roots.length).toBeGreaterThan(0);

    // The queries and App Home.
    expect(textOf(await stack.command(OWNER, "monitors Secret", CHANNEL))).toContain(SHOWN);
    expect(textOf(await stack.command(OWNER, "monitor Secret API", CHANNEL))).toContain(SHOWN);
    expect(textOf(await stack.command(OWNER, "status", CHANNEL))).toContain("Secret API");
    const detailsBefore = stack.slack.state.ephemeralFor(OWNER, CHANNEL).length;
    await stack.slack.sender.blockAction({
      userId: OWNER,
      container: { type: "message", channel: CHANNEL, ts: rollup.ts },
      actions: [
        {
          action_id: actions.details,
          type: "button",
          value: detailsCodec.encode({ monitorId: String(secretId) }),
        } as { action_id: string },
      ],
    });
    expect(textOf(await stack.nextEphemeral(OWNER, CHANNEL, detailsBefore))).toContain(SHOWN);
    await stack.slack.sender.event({ type: "app_home_opened", user: OWNER, channel: "D0ALICE", tab: "home" });
    const home = await waitFor(stack.slack.events, () => {
      const view = stack.slack.state.homeViews.get(OWNER);
      return view && textOf(view).includes("Secret API") ? view : undefined;
    });
    expect(textOf(home)).toContain(SHOWN);

    const sent = everythingSent();
    expect(sent).toContain(SHOWN);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
  });
});

// No token in the logs (issue 32, point 7): the whole output of `npm start` with LOG_LEVEL=debug, in Socket
// Mode (where the SDK logs every WebSocket frame) and in HTTP mode, while a user pastes a wrong token and
// then a good one into the login modal and uses the link. Neither token may appear in any line.
describe.each(["socket", "http"] as const)("no token in the logs (%s mode, LOG_LEVEL=debug)", (mode) => {
  const USER = "U0ALICE";
  const WRONG_TOKEN = "wrong-token-d41d8cd98f00b204";
  const GOOD_TOKEN = DEMO_TOKENS.member;
  let redis: LocalRedis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let bot: BotProcess;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
    bot = await startBotProcess({
      name: `no-secrets-logs-${mode}`,
      env: {
        SLACK_BOT_TOKEN: BOT_TOKEN,
        ...(mode === "socket"
          ? { SLACK_APP_TOKEN: slack.config.appToken }
          : { SLACK_SIGNING_SECRET: SIGNING_SECRET }),
        SLACK_API_URL: slack.apiUrl,
        UPTIME_API_URL: simulator.url,
        REDIS_URL: redis.url,
        TOKEN_ENCRYPTION_KEY: generateKey(),
        ALERT_WORKERS: "0",
        LOG_LEVEL: "debug",
      },
    });
    if (mode === "socket") await slack.socket.waitForConnection(30_000);
    else slack.setAppUrl(`${bot.url}/slack/events`);
  });
  afterAll(async () => {
    await bot?.terminate();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  /** `/uptime login`, then `token` submitted in the modal. */
  const login = async (token: string) => {
    slack.state.clearModals(USER);
    await slack.sender.slashCommand({ userId: USER, channelId: "C0GENERAL", text: "login" });
    const view = await waitFor(slack.events, () => {
      const top = slack.state.topModal(USER);
      return top?.callback_id === "login" ? top : undefined;
    });
    return slack.sender.viewSubmission({ userId: USER, viewId: view.id, values: tokenValues(token) });
  };

  it("writes neither a refused nor an accepted token in any log line", async () => {
    expect((await login(WRONG_TOKEN)).outcome).toBe("errors");
    expect((await login(GOOD_TOKEN)).outcome).toBe("closed");
    // The link works: a query runs as the user with the token.
    const before = slack.state.ephemeralFor(USER, "C0GENERAL").length;
    await slack.sender.slashCommand({ userId: USER, channelId: "C0GENERAL", text: "whoami" });
    const answer = await waitFor(
      slack.events,
      () => slack.state.ephemeralFor(USER, "C0GENERAL")[before],
      10_000,
    );
    expect(textOf(answer)).toMatch(/Max/);
    await bot.terminate();

    const log = readFileSync(bot.logFile, "utf8");
    // Debug lines were written (of the Slack SDK's too), so the check below looked at a debug log.
    const debugLines = bot.logs().filter((line) => line.level === 20);
    expect(debugLines.length).toBeGreaterThan(0);
    // The frame that carried the token was logged, as what it was.
    if (mode === "socket") expect(log).toMatch(/Received a message on the WebSocket: [^\n]*view_submission/);
    const leaks = log.split("\n").filter((line) => line.includes(GOOD_TOKEN) || line.includes(WRONG_TOKEN));
    expect(leaks.map((line) => line.slice(0, 300))).toEqual([]);
  });
});
