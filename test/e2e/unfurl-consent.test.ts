// Link unfurls with consent, end to end: the real bot over signed HTTP, the fake Slack (link_shared for the
// manifest's unfurl_domains, chat.postEphemeral, conversations.info with `is_ext_shared`, users.info with
// `is_admin`, conversations.members), the simulator (demo seed) and Redis. A card shows a team's live state
// to everyone in the conversation: the poster is asked first, Slack Connect channels get nothing unless a
// workspace admin allows them, and a card stops refreshing once its poster left or was unlinked.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_USERS } from "../../dev/playground/fake-slack/fake-slack";
import { DEMO_TOKENS } from "../../dev/simulator";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { unfurlSwitchCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1: monitor 1 "Marketing site", 2 "Web shop", 3 "Blog".
const MARKETING_SITE = 1;
const WEB_SHOP = 2;
const BLOG = 3;
// manifest.yml's unfurl domain.
const WEB = "https://uptime.example.com";
const ALICE = "U0ALICE"; // a Slack workspace admin in the fake (users.info is_admin), the team's owner
const BOB = "U0BOB"; // not an admin, read-only in the team
const CAROL = "U0CAROL"; // not an admin, a regular member of the team
const DAVE = "U0DAVE"; // read-only in the team (the same Uptime user as Bob), until removed from it
const GENERAL = "C0GENERAL";
const QUIET = "C0QUIET";
const WAR_ROOM = "C0WARROOM";
const PARTNER = "C0PARTNER";
const BOT = "U0BOT";
const everyone = [ALICE, BOB, CAROL, DAVE, BOT];

describe("link unfurls ask their poster first", () => {
  let stack: Stack;
  let redis: Redis;

  const card = (channel: string, ts: string, url: string) =>
    stack.slack.state.findMessage(channel, ts)?.app_unfurls?.[url];
  const unfurlCalls = (channel: string, ts: string) =>
    stack.slack.state.callsOf("chat.unfurl").filter((c) => c.args.channel === channel && c.args.ts === ts);
  /** Every listener run the last event or click started has ended (Slack is acknowledged first). */
  const settled = () => eventually(async () => (stack.bot.inFlight() === 0 ? true : undefined));
  const questionsFor = (user: string, channel: string) =>
    stack.slack.state.ephemeralFor(user, channel).filter((e) => e.text.startsWith("Show a live preview"));

  /** A person posts a link; resolves with the message's ts once the bot has handled link_shared. */
  async function post(user: string, channel: string, url: string) {
    const { ts, linkShared } = await stack.slack.postUserMessage({
      userId: user,
      channelId: channel,
      text: `<${url}>`,
    });
    expect(linkShared?.status).toBe(200);
    await settled();
    return ts;
  }

  /** Presses one of the question's buttons (Show / Not here / Never) as the person asked. */
  async function answer(user: string, channel: string, actionId: string) {
    const question = questionsFor(user, channel).at(-1);
    if (!question) throw new Error(`no question for ${user} in ${channel}`);
    await stack.slack.sender.blockAction({
      userId: user,
      container: { type: "ephemeral", ts: question.ts, channel },
      actions: [{ action_id: actionId }],
    });
    await settled();
    return question;
  }

  const openHome = async (user: string) => {
    await stack.slack.sender.event({ type: "app_home_opened", user, channel: `D${user}`, tab: "home" });
    return waitFor(stack.slack.events, () => stack.slack.state.homeViews.get(user), 10_000);
  };

  beforeAll(async () => {
    stack = await startStack({
      env: { UPTIME_WEB_URL: WEB, ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      slack: { users: [...DEFAULT_USERS, { id: DAVE, name: "dave", realName: "Dave Doe" }] },
      extraChannels: [
        { id: QUIET, name: "quiet", members: everyone },
        { id: WAR_ROOM, name: "war-room", members: everyone },
        // Slack Connect: shared with another organization (conversations.info is_ext_shared).
        { id: PARTNER, name: "partner-acme", isExtShared: true, members: everyone },
      ],
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, ALICE, DEMO_TOKENS.owner);
    await linkUser(stack, BOB, DEMO_TOKENS.readonly);
    await linkUser(stack, CAROL, DEMO_TOKENS.member);
    await linkUser(stack, DAVE, DEMO_TOKENS.readonly);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("a first link asks its poster alone, and does not unfurl", async () => {
    const url = `${WEB}/monitors/${MARKETING_SITE}`;
    const ts = await post(ALICE, GENERAL, url);
    const [question] = questionsFor(ALICE, GENERAL);
    expect(question?.text).toBe("Show a live preview of *Marketing site* to everyone here?");
    expect(question?.source).toBe("chat.postEphemeral");
    const buttons = textOf({ blocks: question?.blocks ?? [] });
    expect(buttons).toContain("Show");
    expect(buttons).toContain("Not here");
    expect(buttons).toContain("Never");
    // Nobody else was asked, and nothing was attached to the message.
    expect(questionsFor(BOB, GENERAL)).toEqual([]);
    expect(unfurlCalls(GENERAL, ts)).toEqual([]);
    expect(card(GENERAL, ts, url)).toBeUndefined();
  });

  it("Show unfurls that message, and her later links in the same conversation unfurl without asking", async () => {
    const first = `${WEB}/monitors/${MARKETING_SITE}`;
    const firstTs = stack.slack.state.channelMessages(GENERAL).find((m) => m.text.includes(first))?.ts ?? "";
    const question = await answer(ALICE, GENERAL, actions.unfurlShow);
    expect(JSON.stringify(card(GENERAL, firstTs, first))).toContain("Marketing site");
    // The question is replaced by what was done.
    const replaced = stack.slack.state.findEphemeral(GENERAL, question.ts);
    expect(replaced?.text).toContain("Showing a live preview of *Marketing site*");

    const asked = questionsFor(ALICE, GENERAL).length;
    const second = `${WEB}/monitors/${WEB_SHOP}`;
    const secondTs = await post(ALICE, GENERAL, second);
    expect(JSON.stringify(card(GENERAL, secondTs, second))).toContain("Web shop");
    expect(questionsFor(ALICE, GENERAL).length).toBe(asked);

    // Consent is per conversation: elsewhere she is asked again.
    const elsewhere = await post(ALICE, WAR_ROOM, second);
    expect(questionsFor(ALICE, WAR_ROOM)).toHaveLength(1);
    expect(unfurlCalls(WAR_ROOM, elsewhere)).toEqual([]);
  });

  it("Not here: no card, and no question there again", async () => {
    const url = `${WEB}/monitors/${BLOG}`;
    const ts = await post(CAROL, QUIET, url);
    expect(questionsFor(CAROL, QUIET)).toHaveLength(1);
    const question = await answer(CAROL, QUIET, actions.unfurlNotHere);
    expect(unfurlCalls(QUIET, ts)).toEqual([]);
    expect(stack.slack.state.findEphemeral(QUIET, question.ts)?.text).toContain("not be asked again here");

    const told = stack.slack.state.ephemeralFor(CAROL, QUIET).length;
    const again = await post(CAROL, QUIET, url);
    expect(stack.slack.state.ephemeralFor(CAROL, QUIET)).toHaveLength(told);
    expect(unfurlCalls(QUIET, again)).toEqual([]);
  });

  it("Never: no card anywhere, until App Home turns previews back on", async () => {
    const url = `${WEB}/monitors/${BLOG}`;
    const ts = await post(BOB, GENERAL, url);
    await answer(BOB, GENERAL, actions.unfurlNever);
    expect(unfurlCalls(GENERAL, ts)).toEqual([]);

    const elsewhere = await post(BOB, QUIET, url);
    expect(questionsFor(BOB, QUIET)).toEqual([]);
    expect(unfurlCalls(QUIET, elsewhere)).toEqual([]);

    const home = await openHome(BOB);
    expect(textOf({ blocks: home.blocks })).toContain("not previewed anywhere");
    await stack.slack.sender.blockAction({
      userId: BOB,
      container: { type: "view", viewId: home.id },
      actions: [{ action_id: actions.homeUnfurlNever }],
    });
    await waitFor(stack.slack.events, () =>
      textOf({ blocks: stack.slack.state.homeViews.get(BOB)?.blocks ?? [] }).includes("Link previews are on")
        ? true
        : undefined,
    );
    await post(BOB, QUIET, url);
    expect(questionsFor(BOB, QUIET)).toHaveLength(1);
  });

  it("a Slack Connect channel never unfurls, not even asks, and a non-admin cannot turn that on", async () => {
    const url = `${WEB}/monitors/${MARKETING_SITE}`;
    const ts = await post(ALICE, PARTNER, url);
    expect(questionsFor(ALICE, PARTNER)).toEqual([]);
    expect(unfurlCalls(PARTNER, ts)).toEqual([]);
    // The bot read the channel's sharing from Slack.
    const info = stack.slack.state.callsOf("conversations.info").filter((c) => c.args.channel === PARTNER);
    expect(
      info.map((c) => (c.result as { channel?: { is_ext_shared?: boolean } }).channel?.is_ext_shared),
    ).toContain(true);

    // Bob is no workspace admin: his Home has no switch, and a click on one (an old tab, a forged payload)
    // changes nothing.
    const bobsHome = await openHome(BOB);
    expect(JSON.stringify(bobsHome.blocks)).not.toContain(actions.homeUnfurlExternal);
    await stack.slack.sender.blockAction({
      userId: BOB,
      container: { type: "view", viewId: bobsHome.id },
      actions: [{ action_id: actions.homeUnfurlExternal, value: unfurlSwitchCodec.encode({ on: true }) }],
    });
    await waitFor(stack.slack.events, () =>
      textOf({ blocks: stack.slack.state.homeViews.get(BOB)?.blocks ?? [] }).includes(
        "Only a Slack workspace admin",
      )
        ? true
        : undefined,
    );
    const stillNot = await post(ALICE, PARTNER, url);
    expect(questionsFor(ALICE, PARTNER)).toEqual([]);
    expect(unfurlCalls(PARTNER, stillNot)).toEqual([]);
  });

  it("once an admin allows Slack Connect previews in App Home, the poster is asked there as anywhere", async () => {
    const home = await openHome(ALICE);
    expect(JSON.stringify(home.blocks)).toContain(actions.homeUnfurlExternal);
    await stack.slack.sender.blockAction({
      userId: ALICE,
      container: { type: "view", viewId: home.id },
      actions: [{ action_id: actions.homeUnfurlExternal }],
    });
    await waitFor(stack.slack.events, () =>
      textOf({ blocks: stack.slack.state.homeViews.get(ALICE)?.blocks ?? [] }).includes("previews *allowed*")
        ? true
        : undefined,
    );
    const url = `${WEB}/monitors/${MARKETING_SITE}`;
    const ts = await post(ALICE, PARTNER, url);
    expect(questionsFor(ALICE, PARTNER)).toHaveLength(1);
    await answer(ALICE, PARTNER, actions.unfurlShow);
    expect(JSON.stringify(card(PARTNER, ts, url))).toContain("Marketing site");
  });

  it("refreshes stop once the poster left the channel, lost access to the team, or is no longer linked", async () => {
    // Carol's subscription polls the team (with her token, so that Alice's logout below stops nothing).
    await stack.slack.sender.slashCommand({ userId: CAROL, channelId: "C0ALERTS", text: "subscribe" });
    // The outage must start after the poller's baseline, which announces nothing already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    await eventually(async () => {
      const state = (await scheduler.inspect(pollTargetName("1", DEMO_TOKENS.member)))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
    const incident = stack.simulator.control.fail(WEB_SHOP, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the monitor opened no incident");
    const url = `${WEB}/incidents/${incident.id}`;
    const cardIn = (channel: string, ts: string, probe: (text: string) => boolean) =>
      waitFor(
        stack.slack.events,
        () => {
          const text = JSON.stringify(card(channel, ts, url) ?? null);
          return probe(text) ? text : undefined;
        },
        20_000,
      );

    // Alice said Show in #general (above) and says it in #war-room now; Carol says it in #general.
    const aliceGeneral = await post(ALICE, GENERAL, url);
    await cardIn(GENERAL, aliceGeneral, (t) => t.includes("incident.acknowledge"));
    const aliceWar = await post(ALICE, WAR_ROOM, url);
    await answer(ALICE, WAR_ROOM, actions.unfurlShow);
    await cardIn(WAR_ROOM, aliceWar, (t) => t.includes("incident.acknowledge"));
    const carolGeneral = await post(CAROL, GENERAL, url);
    await answer(CAROL, GENERAL, actions.unfurlShow);
    await cardIn(GENERAL, carolGeneral, (t) => t.includes("incident.acknowledge"));
    const remembered = () => redis.hvals(keyspace(stack.keyPrefix).unfurls(incident.id));
    expect(await remembered()).toHaveLength(3);

    // Alice leaves #war-room; Bob, who has a card of his own in #quiet, logs out; Dave, with one in
    // #war-room, loses access to the team (the API answers 403/404 to his token). The incident is then
    // acknowledged: Carol's card is drawn again; Alice's in #war-room, Bob's and Dave's are not, and none is
    // refreshed any more (their records are gone), while Alice's in #general, where she still is, is.
    const bobQuiet = await post(BOB, QUIET, url);
    await answer(BOB, QUIET, actions.unfurlShow);
    await cardIn(QUIET, bobQuiet, (t) => t.includes("down"));
    const daveWar = await post(DAVE, WAR_ROOM, url);
    await answer(DAVE, WAR_ROOM, actions.unfurlShow);
    await cardIn(WAR_ROOM, daveWar, (t) => t.includes("down"));
    expect(await remembered()).toHaveLength(5);
    stack.slack.leaveChannel(WAR_ROOM, ALICE);
    await stack.command(BOB, "logout", "C0ALERTS");
    stack.simulator.control.removeMember(1, DEMO_TOKENS.readonly);
    await stack.command(CAROL, `ack ${incident.id}`, "C0ALERTS");
    await cardIn(GENERAL, carolGeneral, (t) => t.includes("Acknowledged"));
    await cardIn(GENERAL, aliceGeneral, (t) => t.includes("Acknowledged"));
    await eventually(async () => ((await remembered()).length === 2 ? true : undefined));
    const left = await remembered();
    expect(left.some((r) => r.includes(WAR_ROOM))).toBe(false);
    expect(left.some((r) => r.includes(BOB))).toBe(false);
    expect(left.some((r) => r.includes(DAVE))).toBe(false);
    expect(unfurlCalls(WAR_ROOM, daveWar)).toHaveLength(1);
    expect(unfurlCalls(WAR_ROOM, aliceWar)).toHaveLength(1);
    expect(unfurlCalls(QUIET, bobQuiet)).toHaveLength(1);
    expect(JSON.stringify(card(WAR_ROOM, aliceWar, url))).not.toContain("Acknowledged");
    expect(JSON.stringify(card(QUIET, bobQuiet, url))).not.toContain("Acknowledged");
  });
});
