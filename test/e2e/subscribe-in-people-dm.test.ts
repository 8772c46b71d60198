import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";

// A DM between Alice and Bob: Slack sends a slash command typed there with its D… id and channel_name
// "directmessage", and the app is not a member (https://docs.slack.dev/interactivity/implementing-slash-commands).
const PEOPLE_DM = "D0ALICEBOB";

/**
 * Issue 33: `/uptime subscribe` typed in a DM between two people is not the person's own alerts (those are
 * turned on in App Home), and the app can post nothing there: the caller is told so, and nothing changes.
 */
describe("/uptime subscribe in a DM between people", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    // The fake Slack opens DMs of the bot only; this one is seeded as Slack holds it: an IM without the app.
    stack.slack.state.conversations.set(PEOPLE_DM, {
      id: PEOPLE_DM,
      name: "U0BOB",
      isPrivate: true,
      isArchived: false,
      isIm: true,
      isMpim: false,
      created: Math.floor(Date.now() / 1000),
      members: ["U0ALICE", "U0BOB"],
      messages: [],
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("is refused with where personal and channel alerts are set up, and nothing is posted or subscribed", async () => {
    const answer = await stack.command("U0ALICE", "subscribe", PEOPLE_DM);
    expect(textOf(answer)).toContain("Alerts can't be posted in a conversation I'm not in");
    expect(textOf(answer)).toContain("App Home → *Your alerts*");
    expect(stack.slack.state.callsOf("chat.postMessage").filter((c) => c.args.channel === PEOPLE_DM)).toEqual(
      [],
    );
    // Nothing was subscribed: the DM has no subscriptions (asked in the same conversation).
    const list = await stack.command("U0ALICE", "subscriptions", PEOPLE_DM);
    expect(textOf(list)).toContain("This channel has no alert subscriptions.");
  });

  it("is refused in a group DM too", async () => {
    const mpim = stack.slack.state.openMpim(["U0ALICE", "U0BOB"]).conversation;
    // A group DM someone else started: the app is not in it.
    mpim.members = ["U0ALICE", "U0BOB"];
    const answer = await stack.command("U0ALICE", "subscribe", mpim.id);
    expect(textOf(answer)).toContain("Alerts can't be posted in a conversation I'm not in");
  });
});
