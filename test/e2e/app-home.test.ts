import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { acknowledgeCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";
import { ephemeralMatching, loginThroughModal } from "./login-helper";

const MARKETING_SITE = 1;

describe("App Home", () => {
  let stack: Stack;
  // Recorded Web API calls emit "call" (after the state change they cause): waitFor listens to "change".
  const calls = new EventEmitter();
  beforeAll(async () => {
    stack = await startStack();
    stack.slack.state.events.on("call", () => calls.emit("change"));
  });
  afterAll(async () => stack?.close());

  const homeOf = (userId: string) => stack.slack.state.homeViews.get(userId);
  const publishesSince = (userId: string, count: number) =>
    stack.slack.state.callsOf("views.publish").filter((call) => call.args.user_id === userId).length > count;

  it("welcomes an unlinked user with the Link button on app_home_opened", async () => {
    await stack.slack.sender.event({
      type: "app_home_opened",
      user: "U0CAROL",
      channel: "D0CAROL",
      tab: "home",
    });
    const home = await waitFor(stack.slack.events, () => homeOf("U0CAROL"));
    expect(textOf(home)).toContain("Welcome to Uptime");
    expect(JSON.stringify(home.blocks)).toContain(actions.linkAccount);
  });

  it("ignores the Messages tab", async () => {
    const bobPublishes = () =>
      stack.slack.state.callsOf("views.publish").filter((c) => c.args.user_id === "U0BOB");
    await stack.slack.sender.event({
      type: "app_home_opened",
      user: "U0BOB",
      channel: "D0BOB",
      tab: "messages",
    });
    // Events are handled in order of arrival here: once the later Home open is published, the Messages one
    // has been handled too, and published nothing.
    await stack.slack.sender.event({ type: "app_home_opened", user: "U0BOB", channel: "D0BOB", tab: "home" });
    await waitFor(calls, () => bobPublishes().length > 0);
    expect(bobPublishes()).toHaveLength(1);
  });

  it("shows a linked user's counters, down monitors and open incidents with Acknowledge, re-published after changes", async () => {
    expect((await loginThroughModal(stack, "U0ALICE", DEMO_TOKENS.owner)).outcome).toBe("closed");
    await ephemeralMatching(stack, "U0ALICE", "C0GENERAL", /now linked/);
    const incident = stack.simulator.control.fail(MARKETING_SITE, "Connection timeout");
    const id = incident!.id;

    await stack.slack.sender.event({
      type: "app_home_opened",
      user: "U0ALICE",
      channel: "D0ALICE",
      tab: "home",
    });
    const home = await waitFor(stack.slack.events, () => {
      const view = homeOf("U0ALICE");
      return view && textOf(view).includes(`#${id} Marketing site`) ? view : undefined;
    });
    const text = textOf(home);
    expect(text).toContain("Uptime: Acme Production");
    expect(text).toMatch(/\*Down\*\n1/);
    expect(text).toContain("*Marketing site*");
    expect(text).toContain(`#${id} Marketing site`);
    expect(text).toContain("Your subscriptions");
    expect(JSON.stringify(home.blocks)).toContain(actions.homeRefresh);
    expect(JSON.stringify(home.blocks)).toContain(actions.openCreateMonitor);

    // Acknowledge from App Home: the tab is re-published with the result on top and no button left.
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "view", viewId: home.id },
      actions: [
        { action_id: actions.acknowledge, value: acknowledgeCodec.encode({ incidentId: id, teamId: "1" }) },
      ],
    });
    const after = await waitFor(stack.slack.events, () => {
      const view = homeOf("U0ALICE");
      return view && textOf(view).includes(`Acknowledged incident #${id} (Marketing site)`)
        ? view
        : undefined;
    });
    expect(textOf(after)).toMatch(/Acknowledged <!date/);
    expect(JSON.stringify(after.blocks)).not.toContain(actions.acknowledge);

    // A team switch re-publishes the tab for the new team.
    await stack.command("U0ALICE", "team staging");
    await waitFor(stack.slack.events, () => /Uptime: Acme Staging/.test(textOf(homeOf("U0ALICE") ?? {})));

    // Logout re-publishes the welcome.
    await stack.command("U0ALICE", "logout");
    await waitFor(stack.slack.events, () => /Welcome to Uptime/.test(textOf(homeOf("U0ALICE") ?? {})));
    stack.simulator.control.recover(MARKETING_SITE);
  });

  it("the Refresh button re-publishes", async () => {
    const home = homeOf("U0CAROL")!;
    const count = stack.slack.state
      .callsOf("views.publish")
      .filter((c) => c.args.user_id === "U0CAROL").length;
    await stack.slack.sender.blockAction({
      userId: "U0CAROL",
      container: { type: "view", viewId: home.id },
      actions: [{ action_id: actions.homeRefresh }],
    });
    await waitFor(calls, () => publishesSince("U0CAROL", count));
    expect(textOf(homeOf("U0CAROL")!)).toContain("Welcome to Uptime");
  });

  it("shows service trouble as a sentence on the tab", async () => {
    expect((await loginThroughModal(stack, "U0BOB", DEMO_TOKENS.member)).outcome).toBe("closed");
    await ephemeralMatching(stack, "U0BOB", "C0GENERAL", /now linked/);
    stack.simulator.control.setFault({ status: 500, durationMs: 60_000 });
    await stack.slack.sender.event({ type: "app_home_opened", user: "U0BOB", channel: "D0BOB", tab: "home" });
    // The publish after login may land first; the one of this event shows the trouble.
    const home = await waitFor(
      stack.slack.events,
      () => /having trouble/.test(textOf(homeOf("U0BOB") ?? {})) && homeOf("U0BOB"),
      10_000,
    ).finally(() => stack.simulator.control.clearFaults());
    expect(JSON.stringify(home.blocks)).toContain(actions.homeRefresh);
  });
});
