import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { actions, blocks, views } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { hhmm, setQuietHours as setQuietHoursOf, turnOnPersonalAlerts } from "../support/personal-alerts";
import { waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 9 Primary database, 10 Redis cache (both in group Infrastructure).
const PRIMARY_DATABASE = 9;
const REDIS_CACHE = 10;

const A = actions.personalAlerts;
const B = blocks.personalAlerts;

/**
 * Personal alerts (issues 15 and 33), turned on and off where Slack lets a person act: App Home's "Your
 * alerts". The app's Messages tab is read-only, so in a real workspace no command can be typed in its DM;
 * this test never sends one there. The alerts arrive in the person's DM with the app, and during the API
 * user's quiet hours (silentStart-silentEnd, read from their record) as a reply in the thread of the
 * summary message, never broadcast, mentioning nobody: Slack notifies nobody of it.
 */
describe("personal alerts, from App Home", () => {
  let stack: Stack;
  let aliceDm: string;
  let carolDm: string;

  const setQuietHours = (token: string, start: string, end: string) =>
    setQuietHoursOf(stack, token, start, end);
  const alertsIn = (channel: string): StoredMessage[] =>
    (stack.slack.state.conversation(channel)?.messages ?? []).filter(
      (m) => m.metadata?.event_type === ALERT_EVENT_TYPE,
    );
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const summaries = (channel: string) =>
    stack.slack.state.channelMessages(channel).filter((m) => m.text.startsWith("🔔 Your personal alerts"));
  const homeOf = (userId: string) => stack.slack.state.homeViews.get(userId);
  /** The Home tab as the person sees it once it shows `pattern`. */
  const homeShowing = (userId: string, pattern: RegExp) =>
    waitFor(stack.slack.events, () => {
      const home = homeOf(userId);
      return home && pattern.test(textOf(home)) ? home : undefined;
    });
  /** The person opens the app's Home tab (Slack sends app_home_opened). */
  const openHome = async (userId: string, dm: string) => {
    await stack.slack.sender.event({ type: "app_home_opened", user: userId, channel: dm, tab: "home" });
    return homeShowing(userId, /Your alerts/);
  };
  /** A click on a button of the Home tab. */
  const clickHome = async (userId: string, actionId: string) => {
    const home = homeOf(userId)!;
    expect(JSON.stringify(home.blocks)).toContain(actionId);
    await stack.slack.sender.blockAction({
      userId,
      container: { type: "view", viewId: home.id },
      actions: [{ action_id: actionId, block_id: blocks.homePersonalAlerts }],
    });
  };
  /** Types in one of the modal's pickers and takes the option whose text starts with `name`. */
  const pick = async (userId: string, viewId: string, which: "monitors" | "groups", name: string) => {
    const answer = await stack.slack.sender.blockSuggestion({
      userId,
      viewId,
      actionId: A[which],
      blockId: B[which],
      value: name.slice(0, 4),
    });
    const options = (answer.options ?? []) as { text: { text: string }; value: string }[];
    const option = options.find((o) => o.text.text.startsWith(name));
    expect(option, `${name} among ${JSON.stringify(options)}`).toBeDefined();
    return option!;
  };
  /** "Alert me about…": opens the modal, picks the filters as a person would, and submits it. */
  const alertMeAbout = async (
    userId: string,
    filters: { monitors: string[]; groups: string[]; remind?: string },
  ) => {
    stack.slack.state.clearModals(userId);
    await clickHome(userId, actions.personalAlertsOpen);
    const modal = await waitFor(stack.slack.events, () => {
      const view = stack.slack.state.topModal(userId);
      return view?.callback_id === views.personalAlerts ? view : undefined;
    });
    expect(textOf(modal)).toContain("Acme Production");
    const monitors = [];
    for (const name of filters.monitors) monitors.push(await pick(userId, modal.id, "monitors", name));
    const groups = [];
    for (const name of filters.groups) groups.push(await pick(userId, modal.id, "groups", name));
    return stack.slack.sender.viewSubmission({
      userId,
      viewId: modal.id,
      values: {
        [B.monitors]: { [A.monitors]: { type: "multi_external_select", selected_options: monitors } },
        [B.groups]: { [A.groups]: { type: "multi_external_select", selected_options: groups } },
        [B.escalate]: { [A.escalate]: { type: "number_input", value: null } },
        // A person's roll-up threshold: more than 10 outages a minute come as one DM.
        [B.storm]: { [A.storm]: { type: "number_input", value: "10" } },
        [B.remind]: { [A.remind]: { type: "plain_text_input", value: filters.remind ?? null } },
      },
    });
  };

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
    });
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.member);
    // Alice is in her quiet hours now (the hour around now, UTC); Carol's are hours away.
    const now = Date.now();
    await setQuietHours(DEMO_TOKENS.owner, hhmm(now - 3_600_000), hhmm(now + 3_600_000));
    await setQuietHours(DEMO_TOKENS.member, hhmm(now + 6 * 3_600_000), hhmm(now + 8 * 3_600_000));
    aliceDm = stack.slack.state.openIm("U0ALICE").conversation.id;
    carolDm = stack.slack.state.openIm("U0CAROL").conversation.id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("turns them on from App Home: Alert me about… with filters, or Turn on for every monitor", async () => {
    expect(textOf(await openHome("U0ALICE", aliceDm))).toContain("Personal alerts are *off*");

    const submitted = await alertMeAbout("U0ALICE", {
      monitors: ["Primary database"],
      groups: ["Infrastructure"],
      remind: "2h",
    });
    expect(submitted.outcome).toBe("closed");
    const alice = textOf(await waitFor(stack.slack.events, () => summaries(aliceDm)[0]));
    expect(alice).toContain(
      "You now get alerts for monitor *Primary database* and group *Infrastructure* of *Acme Production*",
    );
    expect(alice).toMatch(/🌙 Quiet hours \d\d:\d\d–\d\d:\d\d \(UTC, from your Uptime profile\)/);
    expect(alice).toContain("App Home → *Your alerts*");
    expect(alice).not.toContain("pinging");
    // The tab says it, and shows the filters and the quiet hours.
    const home = textOf(await homeShowing("U0ALICE", /Personal alerts on/));
    expect(home).toContain(
      "monitor Primary database and group Infrastructure · storm above 10 a minute · reminded every 2h while open",
    );
    expect(home).toMatch(/🌙 quiet \d\d:\d\d–\d\d:\d\d \(UTC\)/);
    expect(JSON.stringify(homeOf("U0ALICE")!.blocks)).toContain(actions.personalAlertsOff);

    // Carol: "Turn on" in her Home tab, every monitor.
    await turnOnPersonalAlerts(stack, "U0CAROL");
    const carol = textOf(await waitFor(stack.slack.events, () => summaries(carolDm)[0]));
    expect(carol).toContain("You now get alerts for every monitor of *Acme Production*");
    expect(carol).toContain("🌙 Quiet hours");
    expect(textOf(await homeShowing("U0CAROL", /Personal alerts on/))).toContain("every monitor");
  });

  it("delivers in quiet hours as a quiet reply in the summary's thread; outside them at the top", async () => {
    const summary = summaries(aliceDm)[0]!;
    const incident = stack.simulator.control.fail(PRIMARY_DATABASE, "Connection refused");
    expect(incident).not.toBeNull();

    // Carol, outside her quiet hours: a message of its own in her DM.
    const carolRoot = await waitFor(
      stack.slack.events,
      () => alertsIn(carolDm).find((m) => m.thread_ts === undefined),
      20_000,
    );
    expect(textOf(carolRoot)).toContain("Primary database");

    // Alice, in hers: a reply in the thread of her summary, not broadcast, no mention.
    const quiet = await waitFor(stack.slack.events, () => alertsIn(aliceDm)[0], 20_000);
    expect(quiet.thread_ts).toBe(summary.ts);
    expect(quiet.subtype).toBeUndefined();
    expect(textOf(quiet)).toContain("Primary database");
    expect(quiet.text).not.toMatch(/<!channel>|<!here>|<@U/);
    expect(
      stack.slack.state.channelMessages(aliceDm).filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE),
    ).toEqual([]);

    // It turns green in place on recovery, still in the thread.
    stack.simulator.control.recover(PRIMARY_DATABASE);
    await waitFor(
      stack.slack.events,
      () => alertsIn(aliceDm).find((m) => m.ts === quiet.ts && color(m) === ALERT_COLORS.resolved),
      20_000,
    );
    expect(alertsIn(aliceDm)).toHaveLength(1);
  });

  it("notifies as usual once the quiet hours are over (re-read when saved again in App Home)", async () => {
    const now = Date.now();
    await setQuietHours(DEMO_TOKENS.owner, hhmm(now + 6 * 3_600_000), hhmm(now + 8 * 3_600_000));
    await alertMeAbout("U0ALICE", { monitors: ["Primary database"], groups: ["Infrastructure"] });
    await waitFor(stack.slack.events, () => summaries(aliceDm).find((m) => /keep getting/.test(textOf(m))));
    // Redis cache is covered by the group filter.
    stack.simulator.control.fail(REDIS_CACHE, "Timeout");
    const root = await waitFor(
      stack.slack.events,
      () => alertsIn(aliceDm).find((m) => m.thread_ts === undefined && textOf(m).includes("Redis cache")),
      20_000,
    );
    expect(root.text).not.toMatch(/<!channel>|<!here>/);
    stack.simulator.control.recover(REDIS_CACHE);
  });

  it("turns them off from App Home", async () => {
    await openHome("U0ALICE", aliceDm);
    await clickHome("U0ALICE", actions.personalAlertsOff);
    const home = textOf(await homeShowing("U0ALICE", /Personal alerts off/));
    expect(home).toContain("Personal alerts are *off*");
    expect(JSON.stringify(homeOf("U0ALICE")!.blocks)).toContain(actions.personalAlertsOn);
    // The DM's last word on them is that they are off.
    const note = await waitFor(stack.slack.events, () =>
      stack.slack.state.channelMessages(aliceDm).find((m) => m.text.startsWith("🔕 You turned off")),
    );
    expect(textOf(note)).toContain("monitor Primary database and group Infrastructure");
    // Carol's are hers: still on.
    await openHome("U0CAROL", carolDm);
    expect(JSON.stringify(homeOf("U0CAROL")!.blocks)).toContain(actions.personalAlertsOff);
  });
});
