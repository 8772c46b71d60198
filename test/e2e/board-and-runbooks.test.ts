// Runbook links and the live board end to end on two replicas: two `npm start` processes share one Redis,
// poll the simulator and post to the fake Slack. A runbook added by an owner is a link button on the next
// alert; an http link and a read-only member are refused. The board is posted once (pinned), then only
// updated (chat.update) as a monitor breaks, is acknowledged and recovers, each state drawn from the event
// that brought it (later polls are made to fail), never twice the same drawing; quiet windows and mutes
// show and go as they are planned, ended, set and lifted, and a group's board lists a mute of a monitor it learns
// the group of from its last alert here; a slow monitor shows while slow (the subscription has --slow 2s/1).
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { ScheduleStore } from "../../src/alerts/engine/schedules/schedule-store";
import { BOARD_EVENT_TYPE } from "../../src/alerts/kinds/board/board-kind";
import { boardExpiryId } from "../../src/alerts/kinds/board/board-schedule";
import { teamsOf } from "../../src/services/link-account";
import { BoardStore } from "../../src/store/board-store";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { blocks } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "board-signing-secret";
const BOT_TOKEN = "xoxb-board-bot";
const TEAM = "T0BRD";
const CHANNEL = "C0ALERTS";
// Demo seed, team 1 "Acme Production": 2 Web shop, 3 Blog.
const WEB_SHOP = 2;
const BLOG = 3;

describe("runbooks and the live board on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let schedules: ScheduleStore;
  const bots: BotProcess[] = [];
  const keys = keyspace();

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const slash = async (userId: string, text: string) => {
    const before = slack.state.ephemeralFor(userId, CHANNEL).length;
    const result = await slack.sender.slashCommand({ userId, channelId: CHANNEL, text });
    expect(result.status).toBe(200);
    return textOf(
      await waitFor(slack.events, () => slack.state.ephemeralFor(userId, CHANNEL)[before], 15_000),
    );
  };
  const rootOf = (incidentId: string) =>
    slack.state
      .channelMessages(CHANNEL)
      .find(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const boards = () =>
    slack.state.channelMessages(CHANNEL).filter((m) => m.metadata?.event_type === BOARD_EVENT_TYPE);
  const waitBoard = (ready: (m: StoredMessage) => boolean) =>
    waitFor(
      slack.events,
      () => {
        const [board] = boards();
        return board && ready(board) ? board : undefined;
      },
      20_000,
    );
  /** The text of one board drawing (a chat.update's arguments), blocks as sent. */
  const drawingOf = (args: Record<string, unknown>) =>
    textOf({
      text: String(args.text ?? ""),
      blocks: typeof args.blocks === "string" ? JSON.parse(args.blocks) : (args.blocks as unknown[]),
    });
  /**
   * Resolves with the first recorded chat.update of the board whose text passes: the call itself, not the
   * stored message (the fake Slack stores the message before it records the call).
   */
  const waitDrawing = (ready: (text: string) => boolean) =>
    eventually(async () => {
      const [board] = boards();
      const drawn = slack.state.calls
        .filter((c) => c.method === "chat.update" && board && c.args.ts === board.ts)
        .map((c) => drawingOf(c.args));
      const last = drawn.at(-1);
      return last !== undefined && ready(last) ? last : undefined;
    }, 20_000);
  /** While `step` runs, every poll of the team's checks fails: what the board shows then came from before. */
  const withoutPolls = async <T>(step: () => Promise<T>): Promise<T> => {
    simulator.control.setFault({ status: 503, path: "/teams/1/checks" });
    try {
      return await step();
    } finally {
      simulator.control.clearFaults();
    }
  };
  const runbookButtons = (m: StoredMessage) =>
    [...(m.blocks ?? []), ...(m.attachments ?? []).flatMap((a) => (a as { blocks?: unknown[] }).blocks ?? [])]
      .filter((b) => (b as { block_id?: string }).block_id === blocks.runbooks)
      .flatMap((b) => (b as { elements: { url?: string; text: { text: string } }[] }).elements);

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(redis.url);
    const scheduler = new PollTargetStore({ redis: client, keys });
    schedules = new ScheduleStore({ redis: client, keys, scheduler });
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: "U0BOT",
      teamId: TEAM,
    });
    const env = {
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      UPTIME_API_URL: simulator.url,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: generateKey(),
      ALERT_WORKERS: "1",
      POLL_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "info",
    };
    bots.push(...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `board-bot-${n}`, env })))));
    // Alice (owner) and Bob (read-only) linked as `/uptime login` would, through the real LinkStore.
    const api = new UptimeClient({ baseUrl: simulator.url });
    const links = new LinkStore({
      redis: client,
      keys,
      cipher: TokenCipher.fromSetting(env.TOKEN_ENCRYPTION_KEY),
    });
    try {
      for (const [userId, token] of [
        ["U0ALICE", DEMO_TOKENS.owner],
        ["U0BOB", DEMO_TOKENS.readonly],
      ] as const) {
        const me = await api.as(token).users.me({ include: ["teams"] });
        await links.save({ teamId: TEAM, userId }, token, {
          apiUserId: me.id,
          apiUserName: `${me.firstName} ${me.lastName}`.trim(),
          teams: teamsOf(me),
        });
      }
    } finally {
      await api.close();
    }
    useBot(bots[0]!);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe --slow 2s/1" });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 20_000);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(bots.map((bot) => bot.kill()));
    await client?.quit();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  it("refuses an http link and a read-only member, each with a clear message", async () => {
    expect(await slash("U0ALICE", `runbook "Web shop" http://wiki.example.com/shop`)).toMatch(
      /must use https, not http/,
    );
    expect(await slash("U0BOB", `runbook "Web shop" https://wiki.example.com/shop`)).toMatch(
      /Read-only members of .* can't change runbook links/,
    );
    expect(await slash("U0BOB", `runbook "Web shop"`)).toContain("has no runbook links");
  });

  it("shows an owner's runbook as a link button on the next alert", async () => {
    expect(await slash("U0ALICE", `runbook "Web shop" https://wiki.example.com/shop Shop runbook`)).toContain(
      "Added",
    );
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    const root = await waitFor(slack.events, () => rootOf(incident.id), 20_000);
    expect(runbookButtons(root)).toEqual([
      expect.objectContaining({
        url: "https://wiki.example.com/shop",
        text: expect.objectContaining({ text: "📖 Shop runbook" }),
      }),
    ]);
    simulator.control.recover(WEB_SHOP);
    await waitFor(
      slack.events,
      () => (rootOf(incident.id)?.text.includes("recovered") ? true : undefined),
      20_000,
    );
  });

  it("keeps one pinned board up to date with chat.update only: down, acknowledged, clear", async () => {
    useBot(bots[1]!);
    expect(await slash("U0ALICE", "board")).toContain("on its way");
    const posted = await waitBoard(() => true);
    // Pinned right after the post (pins:write is granted by the manifest); a pin emits no event: polled.
    await eventually(async () => (slack.state.pins.get(CHANNEL)?.has(posted.ts) ? true : undefined), 10_000);
    expect(posted.text).not.toContain("Blog");

    // Broken: the board shows it from the very poll that saw it. Once the root is posted (that poll's event
    // delivered), every later poll fails, so only that event can have drawn the board.
    const incident = simulator.control.fail(BLOG, "HTTP 500");
    if (!incident) throw new Error("the blog opened no incident");
    await waitFor(slack.events, () => rootOf(incident.id), 20_000);
    const down = await withoutPolls(() =>
      waitDrawing((text) => /Down\*\n🔴 \*Blog\* since/.test(text) && !text.includes("acknowledged")),
    );
    expect(down).toContain("🔴 Status board: 1 down");

    // Acknowledged from Slack (on the other replica): shown from the acknowledgement itself, no poll needed.
    useBot(bots[0]!);
    expect(await slash("U0ALICE", `ack ${incident.id}`)).toContain(`Acknowledged incident #${incident.id}`);
    await withoutPolls(() =>
      waitDrawing((text) => /\*Blog\* since .* · acknowledged by <@U0ALICE>/.test(text)),
    );

    // Cleared: from the poll that saw the recovery, as for the outage.
    simulator.control.recover(BLOG);
    await waitFor(
      slack.events,
      () => (rootOf(incident.id)?.text.includes("recovered") ? true : undefined),
      20_000,
    );
    const clear = await withoutPolls(() => waitDrawing((text) => !text.includes("Blog")));
    expect(clear).not.toMatch(/\d+ down/);

    // One post, then updates only, never the same drawing twice in a row: two replicas never both drew it.
    const boardCalls = slack.state.calls.filter(
      (c) =>
        c.args.ts === posted.ts ||
        (c.method === "chat.postMessage" && String(c.args.metadata ?? "").includes(BOARD_EVENT_TYPE)),
    );
    expect(boardCalls.filter((c) => c.method === "chat.postMessage")).toHaveLength(1);
    expect(boardCalls[0]?.method).toBe("chat.postMessage");
    expect(boardCalls.every((c) => ["chat.postMessage", "chat.update", "pins.add"].includes(c.method))).toBe(
      true,
    );
    const drawings = boardCalls.filter((c) => c.method === "chat.update").map((c) => drawingOf(c.args));
    for (let i = 1; i < drawings.length; i++) expect(drawings[i]).not.toBe(drawings[i - 1]);
    expect(boards()).toHaveLength(1);
  }, 90_000);

  it("shows a quiet window and a mute here, and drops each when it ends", async () => {
    const [board] = boards();
    const planned = await slash("U0ALICE", `maintenance "Web shop" 1h --reason board test`);
    const id = /Maintenance `([^`]+)` planned/.exec(planned)?.[1];
    if (!id) throw new Error(`no window id in: ${planned}`);
    await waitDrawing((text) => /Quiet window\*\n🛠️ .*Web shop.* · by <@U0ALICE>/.test(text));
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: `maintenance end ${id}` });
    await waitDrawing((text) => !text.includes("Quiet window"));

    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "mute Blog 30m" });
    await waitDrawing((text) => /Muted here\*\n🔕 \*Blog\* until .* · by <@U0ALICE>/.test(text));
    // A mute running out is no event: the board booked its own redraw for just after its end.
    const record = await new BoardStore({ redis: client, keys }).get({ teamId: TEAM }, CHANNEL);
    const booked = await schedules.inspect(boardExpiryId(record!.subscriptionId));
    expect(JSON.parse(booked.spec ?? "{}")).toMatchObject({ kind: "board", at: booked.dueAt });
    expect(booked.dueAt).toBeGreaterThan(Date.now() + 25 * 60_000);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "unmute Blog" });
    await waitDrawing((text) => !text.includes("Muted here"));
    expect(boards().map((m) => m.ts)).toEqual([board!.ts]);
  }, 60_000);

  it("shows a slow monitor from the slow kind's event, and drops it once it is fast again", async () => {
    simulator.control.slow(WEB_SHOP, 2500);
    await simulator.control.runChecks(WEB_SHOP);
    await waitDrawing((text) => /Slow\*\n🐢 \*Web shop\* since/.test(text));
    simulator.control.recover(WEB_SHOP);
    await simulator.control.runChecks(WEB_SHOP);
    await waitDrawing((text) => !text.includes("Slow"));
  }, 60_000);

  it("on a group's board, shows a mute of a monitor it never showed when its last alert here was in the group", async () => {
    const [board] = boards();
    // Redrawn in place for the group: the Blog (group Website) is neither down nor paused, so not on it.
    await slash("U0ALICE", "board group:Website");
    await waitDrawing((text) => text.includes("group Website") && !text.includes("Blog"));
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "mute Blog 30m" });
    await waitDrawing((text) => /Muted here\*\n🔕 \*Blog\*/.test(text));
    // Another group's board does not list it.
    await slash("U0ALICE", "board group:Infrastructure");
    const other = await waitDrawing((text) => text.includes("group Infrastructure"));
    expect(other).not.toContain("Blog");
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "unmute Blog" });
    await slash("U0ALICE", "board");
    await waitDrawing((text) => !text.includes("group ") && !text.includes("Muted here"));
    expect(boards().map((m) => m.ts)).toEqual([board!.ts]);
  }, 60_000);

  it("board off deletes and unpins it", async () => {
    const [board] = boards();
    expect(await slash("U0ALICE", "board off")).toContain("removed");
    await waitFor(slack.events, () => (boards().length === 0 ? true : undefined), 20_000);
    expect(slack.state.pins.get(CHANNEL)?.has(board!.ts) ?? false).toBe(false);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
