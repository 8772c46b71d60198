// Link unfurls end to end (issue 38): the real bot over signed HTTP, the fake Slack (which sends link_shared
// only for the manifest's unfurl_domains and answers chat.unfurl as Slack does), the simulator (demo seed)
// and Redis. A pasted link is read with the poster's own token, once they agreed; outsiders get no card at all.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": monitor 1 is "Marketing site", monitor 2 "API". The staging owner
// is a member of team 2 only.
const MARKETING_SITE = 1;
const API_MONITOR = 2;
const CHANNEL = "C0GENERAL";
// manifest.yml's unfurl domain.
const WEB = "https://uptime.example.com";

describe("link unfurls", () => {
  let stack: Stack;
  let redis: Redis;

  /** The card chat.unfurl attached to a message for a URL, once there. */
  const cardOf = (ts: string, url: string, probe: (card: string) => boolean = () => true) =>
    waitFor(
      stack.slack.events,
      () => {
        const card = stack.slack.state.findMessage(CHANNEL, ts)?.app_unfurls?.[url];
        return card !== undefined && probe(JSON.stringify(card)) ? JSON.stringify(card) : undefined;
      },
      20_000,
    );

  /** Every listener run the link_shared event started has ended (the event is acknowledged first). */
  const settled = () => eventually(async () => (stack.bot.inFlight() === 0 ? true : undefined));

  beforeAll(async () => {
    stack = await startStack({
      env: { UPTIME_WEB_URL: WEB, ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.stagingOwner);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("a linked member's monitor link unfurls into a card read with their token", async () => {
    const url = `${WEB}/monitors/${MARKETING_SITE}`;
    const { ts, linkShared } = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: `Is this one fine? <${url}>`,
    });
    expect(linkShared?.status).toBe(200);
    // Asked first (docs/slack-app.md "Link unfurls"); test/e2e/unfurl-consent.test.ts covers each answer.
    const question = await waitFor(stack.slack.events, () =>
      stack.slack.state
        .ephemeralFor("U0ALICE", CHANNEL)
        .find((e) => e.text.startsWith("Show a live preview")),
    );
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "ephemeral", ts: question.ts, channel: CHANNEL },
      actions: [{ action_id: actions.unfurlShow }],
    });
    const card = await cardOf(ts, url);
    expect(card).toContain("Marketing site");
    expect(card).toContain("Availability, 24 h");
    expect(card).toContain("monitor.details");
    const read = stack.simulator.control.requests().filter((r) => r.path === `/monitors/${MARKETING_SITE}`);
    expect(read.map((r) => r.status)).toContain(200);
  });

  it("a person who is not linked gets no card, and the API is not asked", async () => {
    const url = `${WEB}/monitors/${API_MONITOR}`;
    const before = stack.simulator.control.requests().length;
    const { ts, linkShared } = await stack.slack.postUserMessage({
      userId: "U0BOB",
      channelId: CHANNEL,
      text: `<${url}>`,
    });
    expect(linkShared?.status).toBe(200);
    await settled();
    expect(stack.slack.state.findMessage(CHANNEL, ts)?.app_unfurls).toBeUndefined();
    expect(stack.slack.state.callsOf("chat.unfurl").filter((c) => c.args.ts === ts)).toEqual([]);
    expect(stack.slack.state.ephemeralFor("U0BOB", CHANNEL)).toEqual([]);
    expect(stack.simulator.control.requests().slice(before)).toEqual([]);
  });

  it("a member of another team gets no card: the API refused them, and nothing is said", async () => {
    const url = `${WEB}/monitors/${API_MONITOR}`;
    const { ts } = await stack.slack.postUserMessage({ userId: "U0CAROL", channelId: CHANNEL, text: url });
    // The bot asked with Carol's token (nobody else's has read this monitor) and was refused...
    const refused = await eventually(async () =>
      stack.simulator.control.requests().find((r) => r.path === `/monitors/${API_MONITOR}`),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await settled();
    // ...so the message has no card, and no one was told anything.
    expect(stack.slack.state.findMessage(CHANNEL, ts)?.app_unfurls).toBeUndefined();
    expect(stack.slack.state.callsOf("chat.unfurl").filter((c) => c.args.ts === ts)).toEqual([]);
    expect(stack.slack.state.ephemeralFor("U0CAROL", CHANNEL)).toEqual([]);
  });

  it("links of other hosts are not sent to the app at all (unfurl_domains)", async () => {
    const { linkShared } = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: "<https://status.example.org/monitors/1>",
    });
    expect(linkShared).toBeUndefined();
  });

  it("an open incident's card is drawn again when it is acknowledged (Alice said Show here above)", async () => {
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "subscribe" });
    // The outage must start after the poller's baseline, which announces nothing already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the monitor opened no incident");
    const url = `${WEB}/incidents/${incident.id}`;
    const { ts } = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: `<${url}>`,
    });
    const open = await cardOf(ts, url);
    expect(open).toContain("down");
    expect(open).toContain("incident.acknowledge");
    expect(open).not.toContain("Acknowledged");

    await stack.command("U0ALICE", `ack ${incident.id}`, "C0ALERTS");
    const acknowledged = await cardOf(ts, url, (card) => card.includes("Acknowledged"));
    expect(acknowledged).toContain("<@U0ALICE>");
    expect(acknowledged).not.toContain("incident.acknowledge");
    // The same message's card was replaced, not a second one added.
    expect(Object.keys(stack.slack.state.findMessage(CHANNEL, ts)?.app_unfurls ?? {})).toEqual([url]);
  });
});
