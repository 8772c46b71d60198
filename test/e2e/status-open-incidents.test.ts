// `/uptime status` and App Home see every open incident (issue 32, point 6): the API has no filter for open
// incidents and lists them newest first (A6), so an outage that began before the newest page of incidents
// must still be found, up to the page cap the README states (20 pages), and past it the answer says "at least".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 2 Web shop, 3 Blog, 4 Docs.
const WEB_SHOP = 2;
const BLOG = 3;
const DOCS = 4;
const USER = "U0ALICE";

describe("open incidents older than the newest page", () => {
  let stack: Stack;

  /** `count` closed incidents of the Web shop, each newer than everything before it. */
  const closedIncidents = (count: number) => {
    for (let i = 0; i < count; i++) {
      stack.simulator.control.fail(WEB_SHOP, `Churn ${i}`);
      stack.simulator.control.recover(WEB_SHOP);
    }
  };

  beforeAll(async () => {
    stack = await startStack();
    await linkUser(stack, USER, DEMO_TOKENS.owner);
  });
  afterAll(async () => stack?.close());

  let oldId = "";

  it("status lists an open incident with ten newer closed ones", async () => {
    const old = stack.simulator.control.fail(DOCS, "Docs outage that began long ago");
    if (!old) throw new Error("Docs opened no incident");
    oldId = old.id;
    closedIncidents(11);

    const text = textOf(await stack.command(USER, "status"));
    expect(text).toContain("Docs outage that began long ago");
    expect(text).not.toContain("Open incidents*\nNone");
    expect(text).toContain("1 open incident");
    expect(text).not.toContain("at least");
  });

  it("App Home lists it too", async () => {
    await stack.slack.sender.event({ type: "app_home_opened", user: USER, channel: "D0ALICE", tab: "home" });
    const home = await waitFor(stack.slack.events, () => {
      const view = stack.slack.state.homeViews.get(USER);
      return view && textOf(view).includes("Open incidents") ? view : undefined;
    });
    expect(textOf(home)).toContain(`#${oldId} Docs`);
    expect(textOf(home)).not.toContain("No open incidents");
  });

  it('says "at least" when an open incident may lie past the page cap', async () => {
    // Docs is still down; 200 newer closed incidents push it past the 20 pages read, then the Blog goes down.
    closedIncidents(200);
    stack.simulator.control.fail(BLOG, "Blog outage");

    const text = textOf(await stack.command(USER, "status"));
    expect(text).toContain("Blog outage");
    expect(text).not.toContain("Docs outage that began long ago");
    expect(text).toContain("at least 1 open incident");
  });
});
