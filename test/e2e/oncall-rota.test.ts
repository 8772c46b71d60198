// On-call rotas end to end on two replicas: two `npm start` processes share one Redis, poll the simulator and
// post to the fake Slack. A rota is set, shown, handed over, overridden; its user group follows the person on
// call; `--mention oncall` and an `--escalate 1m:oncall` step ping whoever is on call when they are posted; nothing is sent twice. Time is
// moved, not waited: the stored rota is shifted back a turn and its handover schedule made due by its score.
// Without usergroups:write (a third bot on a fake Slack whose manifest lacks it) `--group` is refused cleanly.

import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { contractViolations } from "../../dev/playground/fake-slack/contracts";
import { repositoryManifestPath } from "../../dev/playground/fake-slack/manifest-rules";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ESCALATION_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { ROTA_HANDOVER_EVENT_TYPE } from "../../src/alerts/kinds/rota/rota-kind";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { workspaceKey } from "../../src/store/workspace";
import { UptimeClient } from "../../src/uptime";
import { type BotProcess, startBotProcess } from "../support/bot-process";
import { auditSlackPayloads } from "../support/slack-payload-audit";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";

const SIGNING_SECRET = "oncall-signing-secret";
const BOT_TOKEN = "xoxb-oncall-bot";
const BOT_USER = "U0BOT";
const TEAM = "T0ONC";
const CHANNEL = "C0ALERTS";
const GROUP = "S0ONCALL";
// Demo seed, team 1 "Acme Production": 2 Web shop.
const WEB_SHOP = 2;
const WEEK_MS = 7 * 86_400_000;

async function linkAlice(redisUrl: string, simulatorUrl: string, key: string): Promise<void> {
  const client = new Redis(redisUrl);
  const api = new UptimeClient({ baseUrl: simulatorUrl });
  try {
    const me = await api.as(DEMO_TOKENS.owner).users.me({ include: ["teams"] });
    const links = new LinkStore({ redis: client, keys: keyspace(), cipher: TokenCipher.fromSetting(key) });
    await links.save({ teamId: TEAM, userId: "U0ALICE" }, DEMO_TOKENS.owner, {
      apiUserId: me.id,
      apiUserName: `${me.firstName} ${me.lastName}`.trim(),
      teams: teamsOf(me),
    });
  } finally {
    await api.close();
    await client.quit();
  }
}

function envOf(slack: FakeSlack, simulator: RunningSimulator, redis: LocalRedis, key: string) {
  return {
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    UPTIME_API_URL: simulator.url,
    REDIS_URL: redis.url,
    TOKEN_ENCRYPTION_KEY: key,
    ALERT_WORKERS: "1",
    POLL_INTERVAL_SECONDS: "1",
    LOG_LEVEL: "info",
  };
}

const slashOn = (slack: FakeSlack) => async (text: string) => {
  const before = slack.state.ephemeralFor("U0ALICE", CHANNEL).length;
  const result = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text });
  expect(result.status).toBe(200);
  return waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", CHANNEL)[before], 10_000);
};

describe("an on-call rota on two replicas", () => {
  let redis: LocalRedis;
  let client: Redis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const bots: BotProcess[] = [];
  const keys = keyspace();
  let scheduler: PollTargetStore;
  let slash: ReturnType<typeof slashOn>;

  const useBot = (bot: BotProcess) => slack.setAppUrl(`${bot.url}/slack/events`);
  const rotaKey = () => keys.channelRota(workspaceKey({ teamId: TEAM }), CHANNEL);
  const notes = () =>
    slack.state.channelMessages(CHANNEL).filter((m) => m.metadata?.event_type === ROTA_HANDOVER_EVENT_TYPE);
  const waitNotes = (count: number) =>
    waitFor(slack.events, () => (notes().length >= count ? notes() : undefined), 20_000);
  const dmsTo = (user: string) =>
    slack.state
      .callsOf("chat.postMessage")
      .filter((c) => c.args.channel === user && (c.result as { ok?: boolean }).ok === true)
      .map((c) => String(c.args.text));
  const members = () => slack.state.usergroups.find((g) => g.id === GROUP)?.users;
  /** The rota's handover schedule, wherever its shard. */
  const handover = async () => {
    for (let shard = 0; shard < scheduler.shards; shard++) {
      const flat = await client.zrange(keys.scheduleDue(shard), 0, -1, "WITHSCORES");
      for (let i = 0; i + 1 < flat.length; i += 2)
        if (flat[i]!.startsWith("rota:")) return { shard, id: flat[i]!, dueAt: Number(flat[i + 1]) };
    }
    return null;
  };
  /** Time travel: the rota is as if set `ms` earlier, and its handover is due now. */
  const travel = async (ms: number) => {
    const stored = JSON.parse((await client.get(rotaKey()))!) as Record<string, unknown> & {
      anchor: number;
      setAt: number;
      override?: { from: number; until: number };
    };
    stored.anchor -= ms;
    stored.setAt -= ms;
    if (stored.override)
      stored.override = {
        ...stored.override,
        from: stored.override.from - ms,
        until: stored.override.until - ms,
      };
    await client.set(rotaKey(), JSON.stringify(stored));
    const due = await handover();
    if (!due) throw new Error("no handover booked");
    await client.zadd(keys.scheduleDue(due.shard), "XX", Date.now(), due.id);
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
    slash = slashOn(slack);
    const key = generateKey();
    const env = envOf(slack, simulator, redis, key);
    bots.push(...(await Promise.all([1, 2].map((n) => startBotProcess({ name: `oncall-bot-${n}`, env })))));
    await linkAlice(redis.url, simulator.url, key);
    useBot(bots[0]!);
    await slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: "subscribe --mention oncall --escalate 1m:oncall",
    });
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

  it("sets a rota, keeps the user group on the person on call, and shows it", async () => {
    expect(textOf(await slash("oncall"))).toContain("This channel has no on-call rota");
    const set = textOf(
      await slash(
        `oncall set <@U0ALICE|alice> <@U0BOB|bob> --every 1w --at "Mon 09:00" --group <!subteam^${GROUP}|@oncall>`,
      ),
    );
    expect(set).toContain("Rota set for this channel: <@U0ALICE> → <@U0BOB>");
    // users.info's tz of the fake: the setter's zone.
    expect(set).toContain("every week on Monday at 09:00 (Europe/Amsterdam)");
    expect(members()).toEqual(["U0ALICE"]);
    useBot(bots[1]!);
    const shown = textOf(await slash("oncall"));
    expect(shown).toMatch(/On call now: <@U0ALICE> until <!date\^\d+\^.*next: <@U0BOB>/);
    const due = await handover();
    expect(due?.dueAt).toBeGreaterThan(Date.now());
    expect(notes()).toHaveLength(0);
  });

  it("hands over: one note in the channel, a DM to the incoming person, the group follows", async () => {
    await travel(WEEK_MS);
    const [note] = await waitNotes(1);
    expect(note!.text).toMatch(/^🔁 On call now: <@U0BOB> until .* · next: <@U0ALICE>/);
    await eventually(async () => (dmsTo("U0BOB").length > 0 ? true : undefined), 10_000);
    expect(dmsTo("U0BOB")[0]).toMatch(/^🔁 You are on call for <#C0ALERTS> from now until/);
    expect(members()).toEqual(["U0BOB"]);
    // Due again at the next turn, not now.
    await eventually(async () => ((await handover())!.dueAt > Date.now() ? true : undefined), 10_000);
  });

  it("pings the person on call at the moment of the post with --mention oncall", async () => {
    const incident = simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the web shop opened no incident");
    const root = await waitFor(
      slack.events,
      () =>
        slack.state
          .channelMessages(CHANNEL)
          .find(
            (m) =>
              m.metadata?.event_type === ALERT_EVENT_TYPE &&
              m.metadata.event_payload.incident_id === incident.id,
          ),
      20_000,
    );
    expect(root.text).toContain("<@U0BOB>");
    expect(root.text).not.toContain("<@U0ALICE>");
    // Its escalation step, made due now: `oncall` is resolved again when the step is posted.
    const step = await eventually(async () => {
      for (let shard = 0; shard < scheduler.shards; shard++) {
        const ids = await client.zrange(keys.scheduleDue(shard), 0, -1);
        const id = ids.find((i) => i.startsWith("escalation:") && i.endsWith(`:${incident.id}`));
        if (id) return { shard, id };
      }
      return undefined;
    }, 20_000);
    await client.zadd(keys.scheduleDue(step.shard), "XX", Date.now(), step.id);
    const reply = await waitFor(
      slack.events,
      () =>
        slack.state.replies(CHANNEL, root.ts).find((m) => m.metadata?.event_type === ESCALATION_EVENT_TYPE),
      20_000,
    );
    expect(reply.text).toContain("<@U0BOB>");
    // A page to `oncall` reaches whoever is on call now: Bob gets the page's DM, Alice none.
    const dmsIn = (user: string) => slack.state.channelMessages(slack.state.openIm(user).conversation.id);
    const aliceBefore = dmsIn("U0ALICE").length;
    const paged = textOf(await slash(`page ${incident.id} oncall -- checkout is 503`));
    expect(paged).toContain("<@U0BOB>");
    const dm = await waitFor(
      slack.events,
      () => dmsIn("U0BOB").find((m) => m.text.includes("checkout is 503")),
      20_000,
    );
    expect(dm.text).toContain("<@U0ALICE> paged you");
    expect(
      dmsIn("U0ALICE")
        .slice(aliceBefore)
        .some((m) => m.text.includes("checkout is 503")),
    ).toBe(false);
    simulator.control.recover(WEB_SHOP);
  });

  it("overrides for a while: the override is a handover of its own", async () => {
    useBot(bots[0]!);
    const answer = textOf(await slash("oncall override <@U0ALICE|alice> 4h"));
    expect(answer).toMatch(/Override set\. On call now: <@U0ALICE> \(override\) until/);
    const [, second] = await waitNotes(2);
    expect(second!.text).toMatch(/^🔁 On call now: <@U0ALICE> \(override\) until .* · next: <@U0BOB>/);
    await eventually(async () => (dmsTo("U0ALICE").length > 0 ? true : undefined), 10_000);
    expect(members()).toEqual(["U0ALICE"]);
    expect(textOf(await slash("oncall"))).toContain("On call now: <@U0ALICE> (override)");
  });

  it("refuses bad input with a clear sentence", async () => {
    expect(textOf(await slash("oncall set <@U0ALICE|alice> --every 5w"))).toContain(
      "--every is a turn from 1d to 4w",
    );
    expect(textOf(await slash("oncall set @alice"))).toContain("name each person with Slack's autocomplete");
  });

  it("sent nothing twice on the two replicas, and turns off", async () => {
    const settled = notes().length;
    expect(settled).toBe(2);
    expect(new Set(notes().map((m) => String(m.metadata?.event_payload.period))).size).toBe(2);
    expect(dmsTo("U0BOB")).toHaveLength(1);
    expect(dmsTo("U0ALICE")).toHaveLength(1);
    expect(textOf(await slash("oncall off"))).toContain("on-call rota is off");
    expect(await handover()).toBeNull();
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

describe("an on-call rota's --group without usergroups:write", () => {
  let redis: LocalRedis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let bot: BotProcess;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    // The repository's manifest, installed before the rota's scope was added.
    const manifest = parse(readFileSync(repositoryManifestPath(), "utf8")) as {
      oauth_config: { scopes: { bot: string[] } };
    };
    manifest.oauth_config.scopes.bot = manifest.oauth_config.scopes.bot.filter(
      (s) => s !== "usergroups:write",
    );
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
      teamId: TEAM,
      manifest: manifest as unknown as Record<string, unknown>,
    });
    const key = generateKey();
    bot = await startBotProcess({ name: "oncall-noscope-bot", env: envOf(slack, simulator, redis, key) });
    await linkAlice(redis.url, simulator.url, key);
    slack.setAppUrl(`${bot.url}/slack/events`);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    // Stored once the channel's index names it (the announcement may come first).
    const index = keyspace().subscriptionsByChannel(workspaceKey({ teamId: TEAM }), CHANNEL);
    const reader = new Redis(redis.url);
    try {
      await eventually(async () => ((await reader.exists(index)) === 1 ? true : undefined), 20_000);
    } finally {
      await reader.quit();
    }
  }, 120_000);
  afterAll(async () => {
    await bot?.kill();
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
  });

  it("is refused with the scope named, and nothing is set", async () => {
    const slash = slashOn(slack);
    const answer = textOf(await slash(`oncall set <@U0ALICE|alice> --group <!subteam^${GROUP}|@oncall>`));
    expect(answer).toContain("lacks the `usergroups:write` scope");
    expect(answer).toContain("Nothing was changed");
    expect(slack.state.usergroups.find((g) => g.id === GROUP)?.users).toEqual(["U0ALICE", "U0BOB"]);
    expect(textOf(await slash("oncall"))).toContain("This channel has no on-call rota");
    // Without --group the rota needs no such scope.
    expect(textOf(await slash("oncall set <@U0ALICE|alice> <@U0BOB|bob>"))).toContain("Rota set");
  });
});
