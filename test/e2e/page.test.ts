// Page now end to end on two replicas: two `npm start` processes share one Redis, poll the simulator and
// post to the fake Slack. A page from the alert's Page... modal and one from `/uptime page` each put one line
// in the incident's thread and one DM per paged person (a user group's members too) with Acknowledge; the
// paged person's Acknowledge in the DM acknowledges the incident and the thread says they answered. Bad
// input pages nobody, and nothing is sent twice.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ROLLUP_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import {
  PAGE_ANSWER_EVENT_TYPE,
  PAGE_DM_EVENT_TYPE,
  PAGE_EVENT_TYPE,
} from "../../src/alerts/kinds/page/page-kind";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { DEFAULT_CONSUMER_GROUP } from "../../src/store/outbox-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions, blocks } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "page-signing-secret";
const BOT_TOKEN = "xoxb-page-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0PAGE";
const CHANNEL = "C0ALERTS";
/** Subscribed with `--storm 1`: a second outage within a minute rolls up. */
const STORMY = "C0GENERAL";
// Demo seed, team 1 "Acme Production": 1 Marketing site, 2 Web shop. The fake's user group S0ONCALL is
// Alice and Bob, S0SRE everyone.
const MARKETING_SITE = 1;
const WEB_SHOP = 2;

describe("Page now on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const bots: BotProcess[] = [];
  const keys = keyspace();
  let scheduler: PollTargetStore;
  let links: LinkStore;
  let incidentId = "";
  let root: StoredMessage;

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const waitRoot = (ready: (m: StoredMessage) => boolean = () => true) =>
    waitFor(
      slack.events,
      () =>
        slack.state
          .channelMessages(CHANNEL)
          .find(
            (m) =>
              m.metadata?.event_type === ALERT_EVENT_TYPE &&
              m.metadata.event_payload.incident_id === incidentId &&
              ready(m),
          ),
      20_000,
    );
  const thread = (type: string) =>
    slack.state.replies(CHANNEL, root.ts).filter((m) => m.metadata?.event_type === type);
  const waitThread = (type: string, count: number) =>
    waitFor(
      slack.events,
      () => {
        const found = thread(type);
        return found.length >= count ? found : undefined;
      },
      20_000,
    );
  const dmOf = (user: string) => slack.state.openIm(user).conversation.id;
  const dms = (user: string) =>
    slack.state.channelMessages(dmOf(user)).filter((m) => m.metadata?.event_type === PAGE_DM_EVENT_TYPE);
  const waitDms = (user: string, count: number) =>
    waitFor(
      slack.events,
      () => {
        const found = dms(user);
        return found.length >= count ? found : undefined;
      },
      20_000,
    );
  const slash = async (user: string, text: string) => {
    const before = slack.state.ephemeralFor(user, CHANNEL).length;
    const result = await slack.sender.slashCommand({ userId: user, channelId: CHANNEL, text });
    expect(result.status).toBe(200);
    return textOf(await waitFor(slack.events, () => slack.state.ephemeralFor(user, CHANNEL)[before], 10_000));
  };
  const buttonOf = (m: StoredMessage, actionId: string) =>
    [...(m.blocks ?? []), ...((m.attachments?.[0] as { blocks?: unknown[] } | undefined)?.blocks ?? [])]
      .flatMap((b) => (b as { elements?: Record<string, unknown>[] }).elements ?? [])
      .find((e) => e.action_id === actionId) as { action_id: string; value?: string } | undefined;
  const link = async (userId: string, token: string) => {
    const api = new UptimeClient({ baseUrl: simulator.url });
    try {
      const me = await api.as(token).users.me({ include: ["teams"] });
      await links.save({ teamId: TEAM, userId }, token, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`.trim(),
        teams: teamsOf(me),
      });
    } finally {
      await api.close();
    }
  };
  const outboxSettled = async () => {
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const stream = scheduler.outboxKey(shard);
      if ((await client.exists(stream)) === 0) continue;
      const info = (await client.xinfo("STREAM", stream)) as unknown[];
      const lastId = String(info[info.indexOf("last-generated-id") + 1]);
      const groups = (await client.xinfo("GROUPS", stream)) as unknown[][];
      const group = groups
        .map((g) =>
          Object.fromEntries(Array.from({ length: g.length / 2 }, (_, i) => [g[2 * i], g[2 * i + 1]])),
        )
        .find((g) => g.name === DEFAULT_CONSUMER_GROUP);
      if (group?.pending !== 0 || group["last-delivered-id"] !== lastId) return false;
    }
    return true;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = new Redis(redis.url);
    scheduler = new PollTargetStore({ redis: client, keys });
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
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
    bots.push(...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `page-bot-${n}`, env })))));
    links = new LinkStore({ redis: client, keys, cipher: TokenCipher.fromSetting(env.TOKEN_ENCRYPTION_KEY) });
    await link("U0ALICE", DEMO_TOKENS.owner);
    useBot(bots[0]!);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: STORMY, text: "subscribe --storm 1" });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 20_000);
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    incidentId = incident.id;
    root = await waitRoot();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(bots.map((bot) => bot.kill()));
    await client?.quit();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  it("pages from the alert's Page... modal: the thread line, a DM to each person and group member", async () => {
    const page = buttonOf(root, actions.pageOpen);
    expect(page).toBeDefined();
    slack.state.clearModals("U0ALICE");
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: CHANNEL, ts: root.ts },
      actions: [page!],
    });
    const modal = await waitFor(slack.events, () => slack.state.modalStack("U0ALICE")[0], 10_000);
    // No rota in this channel yet: no "Whoever is on call" choice.
    expect(JSON.stringify(modal.blocks)).not.toContain(blocks.page.oncall);
    // The user groups come from usergroups.list (usergroups:read), filtered by what was typed.
    const suggested = await slack.sender.blockSuggestion({
      userId: "U0ALICE",
      viewId: modal.id,
      actionId: actions.page.groups,
      blockId: blocks.page.groups,
      value: "on",
    });
    expect(suggested.options).toEqual([
      { text: { type: "plain_text", text: "@oncall (On-call)", emoji: true }, value: "S0ONCALL" },
    ]);
    // Nobody picked: the modal stays, with the reason next to the people.
    const empty = await slack.sender.viewSubmission({ userId: "U0ALICE", viewId: modal.id, values: {} });
    expect(empty.outcome).toBe("errors");
    expect(empty.errors?.[blocks.page.people]).toMatch(/Nobody to page/);

    useBot(bots[1]!);
    const submitted = await slack.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: {
        [blocks.page.people]: {
          [actions.page.people]: { type: "multi_users_select", selected_users: ["U0CAROL"] },
        },
        [blocks.page.groups]: {
          [actions.page.groups]: {
            type: "multi_external_select",
            selected_options: [{ text: { type: "plain_text", text: "@oncall" }, value: "S0ONCALL" }],
          },
        },
        [blocks.page.message]: {
          [actions.page.message]: { type: "plain_text_input", value: "checkout is 503" },
        },
      },
    });
    expect(submitted.outcome).toBe("closed");
    const [line] = await waitThread(PAGE_EVENT_TYPE, 1);
    expect(line!.text).toBe("📟 <@U0ALICE> paged <@U0CAROL> and <!subteam^S0ONCALL>: checkout is 503");
    // Carol, and the group's Alice and Bob: one DM each, with who paged, the message and Acknowledge.
    for (const user of ["U0CAROL", "U0ALICE", "U0BOB"]) {
      const [dm] = await waitDms(user, 1);
      expect(dm!.text).toContain("<@U0ALICE> paged you: Web shop is down");
      expect(dm!.text).toContain("checkout is 503");
      expect(buttonOf(dm!, actions.pageAcknowledge)).toBeDefined();
    }
    const told = await waitFor(
      slack.events,
      () => slack.state.ephemeralFor("U0ALICE", CHANNEL).find((m) => textOf(m).includes("📟 Paged")),
      10_000,
    );
    expect(textOf(told)).toContain("<@U0CAROL>");
  }, 60_000);

  it("pages from the composer: /uptime page <monitor> @person -- message", async () => {
    useBot(bots[0]!);
    const answer = await slash("U0ALICE", 'page "Web shop" <@U0BOB|bob> @sre -- still 503 after the deploy');
    expect(answer).toContain("📟 Paged <@U0BOB>, <!subteam^S0SRE> about *Web shop*");
    const lines = await waitThread(PAGE_EVENT_TYPE, 2);
    expect(lines[1]!.text).toBe(
      "📟 <@U0ALICE> paged <@U0BOB> and <!subteam^S0SRE>: still 503 after the deploy",
    );
    // SRE is everyone: Bob is both named and a member, and still gets one DM of this page.
    await waitDms("U0BOB", 2);
    await waitDms("U0CAROL", 2);
    await waitDms("U0ALICE", 2);
    // By the incident's id, too.
    expect(await slash("U0ALICE", `page ${incidentId} <@U0CAROL|carol>`)).toContain("📟 Paged <@U0CAROL>");
    await waitThread(PAGE_EVENT_TYPE, 3);
    await waitDms("U0CAROL", 3);
    // The postmortem's timeline says who paged whom.
    expect(await slash("U0ALICE", `postmortem ${incidentId}`)).toMatch(/canvas/i);
    const canvas = await eventually(async () => [...slack.state.canvases.values()][0], 20_000);
    expect(canvas.markdown).toContain("**Paged** ![](@U0CAROL) in ![](#");
    expect(canvas.markdown).toContain("by ![](@U0ALICE)");
  }, 60_000);

  it("refuses bad input with a sentence, paging nobody", async () => {
    useBot(bots[1]!);
    const before = thread(PAGE_EVENT_TYPE).length;
    expect(await slash("U0ALICE", "page nosuchmonitor <@U0BOB|bob>")).toMatch(/No monitor matches/i);
    expect(await slash("U0ALICE", "page 999999 <@U0BOB|bob>")).toContain("has no alert in this channel");
    expect(await slash("U0ALICE", 'page "Marketing site" <@U0BOB|bob>')).toContain(
      "has no open outage alerted in this channel",
    );
    expect(await slash("U0ALICE", 'page "Web shop"')).toContain("name at least one @person or @group");
    expect(await slash("U0ALICE", 'page "Web shop" @nosuchgroup')).toContain("no such person or user group");
    expect(await slash("U0ALICE", 'page "Web shop" here')).toContain("is not a @person, a @group or oncall");
    // Bob is linked to no Uptime account: paging needs what acknowledging needs.
    expect(await slash("U0BOB", 'page "Web shop" <@U0CAROL|carol>')).toMatch(/link/i);
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(thread(PAGE_EVENT_TYPE)).toHaveLength(before);
  }, 60_000);

  it("Acknowledge in the DM acknowledges the incident; the thread says who answered, once each", async () => {
    await link("U0CAROL", DEMO_TOKENS.member);
    await link("U0BOB", DEMO_TOKENS.member);
    useBot(bots[0]!);
    const [first] = dms("U0CAROL");
    await slack.sender.blockAction({
      userId: "U0CAROL",
      container: { type: "message", channel: dmOf("U0CAROL"), ts: first!.ts },
      actions: [buttonOf(first!, actions.pageAcknowledge)!],
    });
    await waitRoot((m) => color(m) === ALERT_COLORS.acknowledged);
    // Carol was paged three times: each page's thread hears she answered, once.
    const answers = await waitThread(PAGE_ANSWER_EVENT_TYPE, 3);
    expect(answers.map((m) => m.text)).toEqual(Array(3).fill("✅ <@U0CAROL> answered the page"));
    // Bob answers from the second page's DM after the incident was acknowledged: that page's thread hears it.
    useBot(bots[1]!);
    const second = dms("U0BOB")[1]!;
    await slack.sender.blockAction({
      userId: "U0BOB",
      container: { type: "message", channel: dmOf("U0BOB"), ts: second.ts },
      actions: [buttonOf(second, actions.pageAcknowledge)!],
    });
    const withBob = await waitThread(PAGE_ANSWER_EVENT_TYPE, 4);
    expect(withBob[3]!.text).toBe("✅ <@U0BOB> answered the page");
    // Again: nothing new.
    await slack.sender.blockAction({
      userId: "U0BOB",
      container: { type: "message", channel: dmOf("U0BOB"), ts: second.ts },
      actions: [buttonOf(second, actions.pageAcknowledge)!],
    });
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(thread(PAGE_ANSWER_EVENT_TYPE)).toHaveLength(4);
  }, 60_000);

  it("pages from a storm roll-up's Page...: the modal asks which outage, the line goes to the roll-up's thread", async () => {
    useBot(bots[0]!);
    simulator.control.fail(MARKETING_SITE, "HTTP 500");
    const rollup = await waitFor(
      slack.events,
      () =>
        slack.state
          .channelMessages(STORMY)
          .find((m) => m.metadata?.event_type === ROLLUP_EVENT_TYPE && textOf(m).includes("Marketing site")),
      20_000,
    );
    slack.state.clearModals("U0ALICE");
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: STORMY, ts: rollup.ts },
      actions: [buttonOf(rollup, actions.pageOpen)!],
    });
    const modal = await waitFor(slack.events, () => slack.state.modalStack("U0ALICE")[0], 10_000);
    const menu = JSON.stringify(modal.blocks);
    expect(menu).toContain("Marketing site (#");
    const marketing = /"value":"(\d+)"/.exec(menu.slice(menu.indexOf("Marketing site (#")))?.[1];
    const submitted = await slack.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: {
        [blocks.page.incident]: {
          [actions.page.incident]: { type: "static_select", selected_option: { value: marketing } },
        },
        [blocks.page.people]: {
          [actions.page.people]: { type: "multi_users_select", selected_users: ["U0CAROL"] },
        },
      },
    });
    expect(submitted.outcome).toBe("closed");
    const line = await waitFor(
      slack.events,
      () => slack.state.replies(STORMY, rollup.ts).find((m) => m.metadata?.event_type === PAGE_EVENT_TYPE),
      20_000,
    );
    expect(line.text).toBe("📟 <@U0ALICE> paged <@U0CAROL>");
    const [, , , dm] = await waitDms("U0CAROL", 4);
    expect(dm!.text).toContain("Marketing site is down");
    expect(dm!.text).toContain("<#C0GENERAL>");
  }, 60_000);

  it("offers whoever is on call in the modal once the channel has a rota, and pages them at submit time", async () => {
    useBot(bots[1]!);
    expect(await slash("U0ALICE", "oncall set <@U0BOB|bob>")).toContain("Rota set");
    const before = thread(PAGE_EVENT_TYPE).length;
    const bobBefore = dms("U0BOB").length;
    const carolBefore = dms("U0CAROL").length;
    const current = await waitRoot();
    slack.state.clearModals("U0ALICE");
    await slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: CHANNEL, ts: current.ts },
      actions: [buttonOf(current, actions.pageOpen)!],
    });
    const modal = await waitFor(slack.events, () => slack.state.modalStack("U0ALICE")[0], 10_000);
    const offered = JSON.stringify(modal.blocks);
    expect(offered).toContain(blocks.page.oncall);
    expect(offered).toContain("Whoever is on call (<@U0BOB> now)");
    // Carol takes over while the modal is open: the page goes to whoever is on call when it is sent.
    expect(await slash("U0ALICE", "oncall override <@U0CAROL|carol> 1h")).toContain("U0CAROL");
    useBot(bots[0]!);
    const submitted = await slack.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: {
        [blocks.page.oncall]: {
          [actions.page.oncall]: { type: "checkboxes", selected_options: [{ value: "oncall" }] },
        },
      },
    });
    expect(submitted.outcome).toBe("closed");
    const lines = await waitThread(PAGE_EVENT_TYPE, before + 1);
    expect(lines[before]!.text).toBe("📟 <@U0ALICE> paged <@U0CAROL>");
    const carol = await waitDms("U0CAROL", carolBefore + 1);
    expect(carol[carolBefore]!.text).toContain("<@U0ALICE> paged you: Web shop is down");
    expect(dms("U0BOB")).toHaveLength(bobBefore);
  }, 60_000);

  it("sent nothing twice on the two replicas", async () => {
    await eventually(async () => ((await outboxSettled()) ? true : undefined), 20_000);
    expect(bots.every((bot) => !bot.exited())).toBe(true);
    const keysOf = (messages: StoredMessage[]) => messages.map((m) => String(m.metadata?.event_payload.key));
    const lines = keysOf(thread(PAGE_EVENT_TYPE));
    expect(lines).toHaveLength(4);
    expect(new Set(lines).size).toBe(4);
    for (const [user, count] of [
      ["U0ALICE", 2],
      ["U0BOB", 2],
      ["U0CAROL", 5],
    ] as const) {
      const sent = keysOf(dms(user));
      expect(sent).toHaveLength(count);
      expect(new Set(sent).size).toBe(count);
    }
    expect(
      auditSlackPayloads({
        calls: slack.state.calls,
        responseUrlPosts: slack.state.responseUrlPosts,
        violations: contractViolations(slack.state),
      }),
    ).toEqual([]);
  });
});
