import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { muteCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed: team 1 "Acme Production"; monitor 1 "Marketing site".
const ACME_PRODUCTION = 1;
const MARKETING_SITE = "1";
// Alice links Olivia (owner of Acme Production), Bob links Rita (read-only member), Carol links Max (regular).
const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CAROL = "U0CAROL";
const DOWNGRADE = "C0DOWNGRADE";
const REMOVED = "C0REMOVED";
const UNCHECKED = "C0UNCHECKED";
const everyone = [ALICE, BOB, CAROL, "U0BOT"];

/** Past the 60 s a membership answer of the API may be reused for (services/team-membership.ts). */
const PAST_MEMBERSHIP_MAX_AGE_MS = 61_000;

/**
 * Who may change a channel's alerts (issue 32, points 4 and 5): the role and the membership come from the
 * API at the time of the change, not from the day the person linked, and removing someone else's
 * subscription needs the role that replacing it needs.
 */
describe("alert-changing actions check the caller's current role with the API", () => {
  let stack: Stack;
  // The bot's clock: moved forward past the membership cache's age limit instead of sleeping a minute.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };

  const channelMessages = (channelId: string, pattern: RegExp) =>
    stack.slack.state.channelMessages(channelId).filter((m) => pattern.test(textOf(m)));

  /**
   * Sends `/uptime <text>` and resolves with what it led to: the caller's ephemeral answer, or the note in
   * the channel naming them (a change that went through is said in the channel).
   */
  const attempt = async (userId: string, text: string, channelId: string): Promise<string> => {
    const ephemerals = stack.slack.state.ephemeralFor(userId, channelId).length;
    const notes = channelMessages(channelId, new RegExp(`<@${userId}>`)).length;
    await stack.slack.sender.slashCommand({ userId, channelId, text });
    const answer = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state.ephemeralFor(userId, channelId)[ephemerals] ??
        channelMessages(channelId, new RegExp(`<@${userId}>`))[notes],
      10_000,
    );
    return textOf(answer);
  };

  /** The Mute overflow (1 h of Marketing site), clicked on a message of the channel; resolves like attempt. */
  const mute = async (userId: string, channelId: string): Promise<string> => {
    const message = stack.slack.state.channelMessages(channelId)[0];
    if (!message) throw new Error(`no message to click in ${channelId}`);
    const ephemerals = stack.slack.state.ephemeralFor(userId, channelId).length;
    const notes = channelMessages(channelId, new RegExp(`<@${userId}> muted`)).length;
    const value = muteCodec.encode({ monitorId: MARKETING_SITE, channelId, hours: 1 });
    await stack.slack.sender.blockAction({
      userId,
      container: { type: "message", channel: channelId, ts: message.ts },
      actions: [{ action_id: actions.mute, type: "overflow", selected_option: { value } } as never],
    });
    const answer = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state.ephemeralFor(userId, channelId)[ephemerals] ??
        channelMessages(channelId, new RegExp(`<@${userId}> muted`))[notes],
      10_000,
    );
    return textOf(answer);
  };

  const subscriptions = async (channelId: string) =>
    textOf(await stack.command(ALICE, "subscriptions", channelId));

  /**
   * `/uptime subscribe ...` as `userId`, resolved once the channel has `count` subscriptions: the
   * announcement goes first and the subscription is stored right after it.
   */
  const subscribe = async (userId: string, text: string, channelId: string, count: number) => {
    const answer = await attempt(userId, text, channelId);
    const counted = `has ${count} alert ${count === 1 ? "subscription" : "subscriptions"}`;
    await eventually(async () =>
      (await subscriptions(channelId)).includes(counted) ? true : undefined,
    ).catch(() => {
      throw new Error(`/uptime ${text} as ${userId} left no ${count} subscriptions: ${answer}`);
    });
  };

  beforeAll(async () => {
    stack = await startStack({
      bot: { clock },
      extraChannels: [DOWNGRADE, REMOVED, UNCHECKED].map((id) => ({
        id,
        name: id.toLowerCase(),
        members: everyone,
      })),
    });
    await linkUser(stack, ALICE, DEMO_TOKENS.owner);
    await linkUser(stack, BOB, DEMO_TOKENS.readonly);
    await linkUser(stack, CAROL, DEMO_TOKENS.member);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("a read-only member cannot remove an owner's subscription, all at once or one by one", async () => {
    await subscribe(ALICE, "subscribe --mention here --escalate 5m --digest daily", "C0ALERTS", 1);
    // Rita's own subscription, beside the owner's: hers is hers to remove.
    await subscribe(BOB, 'subscribe monitor:"Marketing site"', "C0ALERTS", 2);

    const all = await attempt(BOB, "unsubscribe all", "C0ALERTS");
    expect(all).toMatch(
      /Someone else set up this subscription, and read-only members of \*Acme Production\*/,
    );
    expect(all).toContain("can't remove it");
    // The bare unsubscribe names the owner's subscription (the one without filters).
    const one = await attempt(BOB, "unsubscribe", "C0ALERTS");
    expect(one).toContain("can't remove it");
    // Replacing it was already refused; unsubscribing then subscribing again is refused the same way.
    expect(await attempt(BOB, "subscribe", "C0ALERTS")).toContain("can't replace it");

    const list = await subscriptions("C0ALERTS");
    expect(list).toContain("2 alert subscriptions");
    expect(list).toContain("@here");
    expect(list).toContain("pinged again after 5 min unacknowledged");
    expect(list).toContain("daily digest");
    expect(channelMessages("C0ALERTS", /<@U0BOB> removed/)).toHaveLength(0);

    // Her own subscription she may remove.
    expect(await attempt(BOB, 'unsubscribe monitor:"Marketing site"', "C0ALERTS")).toContain(
      "<@U0BOB> removed a subscription of this channel",
    );
    expect(await subscriptions("C0ALERTS")).toContain("@here");
  });

  it("an owner made read-only in the API is refused what needs a role, without linking again", async () => {
    // Max (regular) subscribes; Olivia (owner) may replace or remove it, and reads her role doing so.
    await subscribe(CAROL, "subscribe", DOWNGRADE, 1);
    await subscribe(ALICE, 'subscribe monitor:"Marketing site"', DOWNGRADE, 2);

    stack.simulator.control.addMember(ACME_PRODUCTION, DEMO_TOKENS.owner, "read-only");
    offsetMs += PAST_MEMBERSHIP_MAX_AGE_MS;

    expect(await attempt(ALICE, "unsubscribe all", DOWNGRADE)).toContain("can't remove it");
    expect(await attempt(ALICE, "subscribe", DOWNGRADE)).toContain("can't replace it");
    expect(await attempt(ALICE, "subscribe group:Website --mention channel", DOWNGRADE)).toMatch(
      /Read-only members of \*Acme Production\* can't make alerts ping/,
    );
    expect(await subscriptions(DOWNGRADE)).toContain("2 alert subscriptions");
    stack.simulator.control.addMember(ACME_PRODUCTION, DEMO_TOKENS.owner, "owner");
    offsetMs += PAST_MEMBERSHIP_MAX_AGE_MS;
  });

  it("a member removed from the team in the API cannot unsubscribe or mute, without linking again", async () => {
    await subscribe(ALICE, "subscribe --mention here", REMOVED, 1);
    // While Max is a member he may mute (and his answer is kept for at most 60 s).
    expect(await mute(CAROL, REMOVED)).toContain("<@U0CAROL> muted");

    stack.simulator.control.removeMember(ACME_PRODUCTION, DEMO_TOKENS.member);
    offsetMs += PAST_MEMBERSHIP_MAX_AGE_MS;

    const unsubscribed = await attempt(CAROL, "unsubscribe all", REMOVED);
    expect(unsubscribed).toContain("your linked Uptime account isn't a member of *Acme Production*");
    expect(unsubscribed).toContain("Nothing changed");
    expect(await mute(CAROL, REMOVED)).toMatch(
      /can mute alerts in this channel, and your linked Uptime account isn't a member/,
    );
    const list = await subscriptions(REMOVED);
    expect(list).toContain("@here");
    expect(channelMessages(REMOVED, /<@U0CAROL> removed/)).toHaveLength(0);
    expect(channelMessages(REMOVED, /<@U0CAROL> muted/)).toHaveLength(1);
  });

  it("refuses the change when the API cannot say the caller's role now", async () => {
    await subscribe(ALICE, "subscribe", UNCHECKED, 1);
    offsetMs += PAST_MEMBERSHIP_MAX_AGE_MS;
    stack.simulator.control.setFault({ status: 503, token: DEMO_TOKENS.owner, path: "/users/me" });
    try {
      const answer = await attempt(ALICE, "unsubscribe all", UNCHECKED);
      expect(answer).toContain("couldn't check your role");
      expect(answer).toContain("Nothing changed");
    } finally {
      stack.simulator.control.clearFaults();
    }
    expect(await subscriptions(UNCHECKED)).toContain("1 alert subscription");
  });
});
