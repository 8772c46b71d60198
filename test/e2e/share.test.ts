// Share in channel end to end (issue 15): the real bot over signed HTTP, the fake Slack, the simulator (demo
// seed) and Redis. Pressing Share under an ephemeral answer posts the same answer in the channel, naming who
// shared it; in a channel the app is not in, the clicker gets one sentence and nothing is posted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EphemeralMessage, StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { shareCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
/** Public, the app not a member: Slack answers chat.postMessage with not_in_channel. */
const WITHOUT_APP = "C0RANDOM";
const BOB = "U0BOB";
const CAROL = "U0CAROL";
/** A channel the app is in, for the subscriptions test (its own subscriptions, nobody else's). */
const ALERTS = "C0ALERTS";
/** Anything that makes Slack notify someone: a user, a user group, @here, @channel, @everyone. */
const PINGS = /<@U[A-Z0-9]+(\|[^>]*)?>|<!(here|channel|everyone|subteam\^)[^>]*>/g;

/** The action ids of every button of a message, wherever it sits (actions blocks or accessories). */
function buttonIds(message: { blocks?: unknown[] }): string[] {
  const out: string[] = [];
  for (const block of (message.blocks ?? []) as Record<string, unknown>[]) {
    const elements = [
      ...((block.elements as unknown[]) ?? []),
      ...(block.accessory ? [block.accessory] : []),
    ];
    for (const el of elements as { type?: string; action_id?: string }[]) {
      if (el?.type === "button" && el.action_id) out.push(el.action_id);
    }
  }
  return out;
}

function shareValue(message: EphemeralMessage): string | undefined {
  for (const block of (message.blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[]) {
    const share = block.elements?.find((el) => el.action_id === actions.share);
    if (share) return share.value;
  }
  return undefined;
}

const monitorIds = (message: { text?: string; blocks?: unknown[] }) =>
  [...textOf(message).matchAll(/\(id (\d+)\)/g)].map((m) => m[1]);

describe("Share in channel end to end", () => {
  let stack: Stack;

  async function pressShare(answer: EphemeralMessage, channelId: string, userId = USER): Promise<void> {
    const result = await stack.slack.sender.blockAction({
      userId,
      container: { type: "ephemeral", ts: answer.ts, channel: channelId },
      actions: [{ action_id: actions.share }],
    });
    expect(result.status).toBe(200);
  }

  beforeAll(async () => {
    // One test types `/uptime status` in the app's DM: only a writable Messages tab has a composer there.
    stack = await startStack();
    await linkUser(stack, USER, DEMO_TOKENS.owner);
    // Bob is Olivia too (owner of Acme Production, member of Acme Staging): his team switches stay his own.
    await linkUser(stack, BOB, DEMO_TOKENS.owner);
    // Carol is Max (Acme Production only), who joins Acme Staging below and is then removed from it.
    await linkUser(stack, CAROL, DEMO_TOKENS.member);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("posts the monitors answer in the channel, naming the sharer, without the asker's controls", async () => {
    const answer = await stack.command(USER, "monitors --sort name", CHANNEL);
    const asked = structuredClone(answer);
    expect(buttonIds(asked)).toContain(actions.share);
    expect(buttonIds(asked)).toContain(actions.monitorsPageNext);
    // The value is the command, re-run on click in the team it showed: small, whatever the answer's size.
    expect(shareCodec.decode(shareValue(asked))).toEqual({ command: "monitors --sort name", teamId: "1" });

    const before = stack.slack.state.channelMessages(CHANNEL).length;
    await pressShare(answer, CHANNEL);
    const shared: StoredMessage = await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages(CHANNEL)[before],
      10_000,
    );
    expect(textOf(shared)).toContain(`Shared by <@${USER}>`);
    expect(monitorIds(shared)).toEqual(monitorIds(asked));
    expect(monitorIds(shared)).toHaveLength(10);
    expect(buttonIds(shared)).not.toContain(actions.share);
    expect(buttonIds(shared)).not.toContain(actions.monitorsPageNext);
    // The asker's own answer stays as it was, Share and all.
    expect(buttonIds(stack.slack.state.findEphemeral(CHANNEL, answer.ts) ?? {})).toContain(actions.share);
  });

  it("shares a charted answer as its text: the chart stays with the asker, whose file the channel can't see", async () => {
    const answer = await stack.command(USER, "availability Blog", CHANNEL);
    const types = (m: { blocks?: unknown[] }) => ((m.blocks ?? []) as { type: string }[]).map((b) => b.type);
    // The chart arrives under the text and above the button, which then shares the whole answer.
    await waitFor(stack.slack.events, () => types(answer).includes("image"), 10_000);
    expect(types(answer).slice(-2)).toEqual(["image", "actions"]);
    expect(buttonIds(answer)).toEqual([actions.share]);

    const before = stack.slack.state.channelMessages(CHANNEL).length;
    await pressShare(answer, CHANNEL);
    const shared = await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages(CHANNEL)[before],
      10_000,
    );
    expect(types(shared)).not.toContain("image");
    expect(answer.text).toMatch(/Blog/);
    expect(shared.text).toBe(`<@${USER}> shared: ${answer.text}`);
    expect(textOf(shared)).toContain(`Shared by <@${USER}>`);
  });

  it("in a channel the app is not in: the clicker is told to invite it, and nothing is posted", async () => {
    const answer = await stack.command(USER, "monitors", WITHOUT_APP);
    expect(buttonIds(answer)).toContain(actions.share);
    const ephemeralBefore = stack.slack.state.ephemeralFor(USER, WITHOUT_APP).length;
    await pressShare(answer, WITHOUT_APP);
    const told = await stack.nextEphemeral(USER, WITHOUT_APP, ephemeralBefore);
    expect(textOf(told)).toMatch(
      new RegExp(
        `I'm not in <#${WITHOUT_APP}>, so I can't share there\\. Invite me with \`/invite @Uptime\``,
      ),
    );
    expect(stack.slack.state.channelMessages(WITHOUT_APP)).toHaveLength(0);
    // Slack was asked and refused: the sentence is Slack's answer, not a guess.
    const refused = stack.slack.state
      .callsOf("chat.postMessage")
      .filter((call) => call.args.channel === WITHOUT_APP);
    expect(refused.map((call) => call.result.error)).toEqual(["not_in_channel"]);
  });

  it("help and errors carry no Share button; a DM shows data without it", async () => {
    expect(buttonIds(await stack.command(USER, "help", CHANNEL))).not.toContain(actions.share);
    expect(buttonIds(await stack.command(USER, "monitor no-such-monitor-xyz", CHANNEL))).not.toContain(
      actions.share,
    );
    // The app's DM has no composer (manifest.yml: Messages tab read-only); a DM between two people is where
    // `/uptime status` can be typed in a DM, and the app is no member there to share into.
    const dm = "D0ALICEBOB";
    stack.slack.state.conversations.set(dm, {
      id: dm,
      name: "U0BOB",
      isPrivate: true,
      isArchived: false,
      isIm: true,
      isMpim: false,
      created: Math.floor(Date.now() / 1000),
      members: [USER, "U0BOB"],
      messages: [],
    });
    const inDm = await stack.command(USER, "status", dm);
    expect(textOf(inDm)).toContain("Acme Production");
    expect(buttonIds(inDm)).not.toContain(actions.share);
  });

  // Issue 32: the value had no team, so the click re-ran the command in whatever team was active by then.
  it("shares the team the answer showed, not the team chosen since, and leaves the active team alone", async () => {
    const answer = await stack.command(BOB, "monitors", CHANNEL);
    expect(answer.text).toMatch(/^10 monitors of Acme Production/);
    const asked = structuredClone(answer);
    const switched = await stack.command(BOB, "team Acme Staging", CHANNEL);
    expect(textOf(switched)).toContain("Acme Staging");

    const before = stack.slack.state.channelMessages(CHANNEL).length;
    await pressShare(answer, CHANNEL, BOB);
    const shared = await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages(CHANNEL)[before],
      10_000,
    );
    expect(shared.text).toBe(`<@${BOB}> shared: ${asked.text}`);
    expect(textOf(shared)).not.toContain("Acme Staging");
    expect(monitorIds(shared)).toEqual(monitorIds(asked));
    // Sharing read Acme Production without choosing it: Bob is still in Acme Staging.
    expect(textOf(await stack.command(BOB, "status", CHANNEL))).toContain("Acme Staging");
  });

  it("refuses, in a sentence to the clicker alone, to share a team they are no longer in", async () => {
    stack.simulator.control.addMember(2, DEMO_TOKENS.member, "regular");
    try {
      expect(textOf(await stack.command(CAROL, "team Acme Staging", CHANNEL))).toContain("Acme Staging");
      const answer = await stack.command(CAROL, "monitors", CHANNEL);
      expect(answer.text).toMatch(/monitors of Acme Staging/);
      // Carol moves back to Acme Production, then loses Acme Staging.
      expect(textOf(await stack.command(CAROL, "team Acme Production", CHANNEL))).toContain(
        "Acme Production",
      );
      stack.simulator.control.removeMember(2, DEMO_TOKENS.member);

      const before = stack.slack.state.channelMessages(CHANNEL).length;
      const ephemeralBefore = stack.slack.state.ephemeralFor(CAROL, CHANNEL).length;
      await pressShare(answer, CHANNEL, CAROL);
      // Whichever comes: a post in the channel (the fault) or a word to Carol.
      await waitFor(
        stack.slack.events,
        () =>
          stack.slack.state.channelMessages(CHANNEL)[before] ??
          stack.slack.state.ephemeralFor(CAROL, CHANNEL)[ephemeralBefore],
        10_000,
      );
      expect(
        stack.slack.state
          .channelMessages(CHANNEL)
          .slice(before)
          .map((m) => m.text),
      ).toEqual([]);
      const told = await stack.nextEphemeral(CAROL, CHANNEL, ephemeralBefore);
      expect(textOf(told)).toMatch(/You're no longer a member of Acme Staging, so I can't share this answer/);
    } finally {
      stack.simulator.control.removeMember(2, DEMO_TOKENS.member);
    }
  });

  it("shares the channel's subscriptions without pinging anyone they name", async () => {
    // Subscribing answers with an announcement in the channel, not to Bob.
    const result = await stack.slack.sender.slashCommand({
      userId: BOB,
      channelId: ALERTS,
      text: "subscribe --mention here",
    });
    expect(result.status).toBe(200);
    await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages(ALERTS).find((m) => /now gets alerts/.test(textOf(m))),
      10_000,
    );
    // The announcement goes first, the subscription is stored right after it.
    const answer = await eventually(async () => {
      const listed = await stack.command(USER, "subscriptions", ALERTS);
      return /1 alert subscription/.test(listed.text ?? "") ? listed : undefined;
    });
    // The asker's own answer names the subscriber as a mention: ephemeral, it notifies nobody.
    expect(textOf(answer)).toContain(`by <@${BOB}>`);
    expect(textOf(answer)).toContain("`@here`");

    const before = stack.slack.state.channelMessages(ALERTS).length;
    await pressShare(answer, ALERTS);
    const shared = await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages(ALERTS)[before],
      10_000,
    );
    const all = `${shared.text}\n${textOf(shared)}`;
    expect(all).toContain("1 alert subscription");
    // Only the sharer is mentioned, and a mention of oneself notifies no one.
    expect([...new Set([...all.matchAll(PINGS)].map((m) => m[0]))]).toEqual([`<@${USER}>`]);
    expect(all).toContain("by @bob");
    expect(all).toContain("`@here`");
  });
});
