// Accountable suppression (issue 10, docs/architecture.md section 1 "Who may change a channel's alerts"): only a linked
// member of the subscribed API team may subscribe, unsubscribe, mute or unmute; `--mention here|channel` and
// replacing someone else's subscription need a role other than read-only; unsubscribing and muting are said
// in the channel; a muted alert shows who muted it until when, with Unmute; `/uptime subscriptions` lists
// mutes. The real bot over signed HTTP, the fake Slack, the simulator and Redis.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { muteCodec, unmuteCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 4 Docs. Olivia owns team 1, Rita is read-only in it, Stan is only in
// team 2.
const DOCS = 4;
const CHANNEL = "C0ALERTS";
const OWNER = "U0ALICE";
const READ_ONLY = "U0BOB";
/** Unlinked at first, later linked to a user of team 2 only. */
const STRANGER = "U0CAROL";

describe("accountable suppression", () => {
  let stack: Stack;
  let redis: Redis;
  let docs: StoredMessage;

  const messages = (pattern: RegExp) =>
    stack.slack.state.channelMessages(CHANNEL).filter((m) => pattern.test(textOf(m)));
  const channelNote = (pattern: RegExp) =>
    waitFor(stack.slack.events, () => messages(pattern).at(-1), 10_000);
  const current = () => stack.slack.state.findMessage(CHANNEL, docs.ts)!;
  const waitDocs = (ready: (m: StoredMessage) => boolean) =>
    waitFor(
      stack.slack.events,
      () => {
        const m = stack.slack.state.findMessage(CHANNEL, docs.ts);
        return m && ready(m) ? m : undefined;
      },
      15_000,
    );
  const elementOf = (m: StoredMessage, actionId: string) => {
    const first = m.attachments?.[0] as { blocks?: { elements?: Record<string, unknown>[] }[] } | undefined;
    return (first?.blocks ?? []).flatMap((b) => b.elements ?? []).find((e) => e.action_id === actionId);
  };
  const click = (userId: string, action: Record<string, unknown>) =>
    stack.slack.sender.blockAction({
      userId,
      container: { type: "message", channel: CHANNEL, ts: docs.ts },
      actions: [action as { action_id: string }],
    });
  const ephemeral = (userId: string, pattern: RegExp) =>
    waitFor(stack.slack.events, () =>
      stack.slack.state
        .ephemeralFor(userId, CHANNEL)
        .filter((m) => pattern.test(textOf(m)))
        .at(-1),
    );
  const muteOption = (hours: number) => {
    const overflow = elementOf(current(), actions.mute) as { options: { value: string }[] };
    return overflow.options.find((o) => muteCodec.decode(o.value)?.hours === hours)!;
  };
  const mute = (userId: string, hours = 1) =>
    click(userId, { action_id: actions.mute, type: "overflow", selected_option: muteOption(hours) });
  const unmuteButton = () => elementOf(current(), actions.unmute) as { value: string } | undefined;

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" } });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
    await linkUser(stack, READ_ONLY, DEMO_TOKENS.readonly);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("lets the owner subscribe with --mention here, and refuses it to a read-only member", async () => {
    const refused = textOf(await stack.command(READ_ONLY, "subscribe --mention here", CHANNEL));
    expect(refused).toContain("Read-only members of *Acme Production* can't make alerts ping `@here`");
    expect(messages(/gets alerts/)).toHaveLength(0);

    await stack.slack.sender.slashCommand({
      userId: OWNER,
      channelId: CHANNEL,
      text: "subscribe --mention here",
    });
    await channelNote(/now gets alerts/);
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });

  it("refuses a read-only member replacing the owner's subscription, and an unlinked user anything", async () => {
    const replace = textOf(await stack.command(READ_ONLY, "subscribe", CHANNEL));
    expect(replace).toContain("Someone else set up this subscription");
    expect(messages(/keeps getting alerts/)).toHaveLength(0);

    for (const text of ["subscribe", "unsubscribe all", "unmute Docs"]) {
      const reply = await stack.command(STRANGER, text, CHANNEL);
      expect(textOf(reply)).toMatch(/^Only a linked member of the subscribed Uptime team can /);
      expect(JSON.stringify(reply.blocks)).toContain(actions.linkAccount);
    }
    // Nothing was removed.
    expect(textOf(await stack.command(OWNER, "subscriptions", CHANNEL))).toContain("1 alert subscription");
  });

  it("mutes visibly: a note naming who, the alert redrawn with Unmute, the mute listed", async () => {
    const id = stack.simulator.control.fail(DOCS, "HTTP 502 Bad Gateway")!.id;
    docs = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .find(
            (m) => m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === id,
          ),
      20_000,
    );

    // An unlinked user: the sentence with a Link button, and nothing muted.
    await mute(STRANGER);
    const asked = await ephemeral(STRANGER, /can mute alerts in this channel/);
    expect(JSON.stringify(asked.blocks)).toContain(actions.linkAccount);

    // A read-only member of the team may mute: muting needs membership, not a role.
    await mute(READ_ONLY, 4);
    const note = await channelNote(/<@U0BOB> muted \*Docs\*/);
    expect(note.text).toContain("in this channel for 4 h (until <!date^");
    expect(note.text).toContain("`/uptime unmute Docs`");
    const muted = await waitDocs((m) => textOf(m).includes("Muted here by <@U0BOB> until <!date^"));
    expect(elementOf(muted, actions.unmute)).toBeDefined();
    expect(elementOf(muted, actions.mute)).toBeUndefined();
    expect(elementOf(muted, actions.acknowledge)).toBeDefined();
    // An update never pings: the mention was for the first post only.
    expect(muted.text).not.toContain("<!here>");
    expect(stack.slack.state.findMessage(CHANNEL, docs.ts)?.ts).toBe(docs.ts);
    expect(messages(/<@U0CAROL> muted/)).toHaveLength(0);

    const list = textOf(await stack.command(OWNER, "subscriptions", CHANNEL));
    expect(list).toContain("1 muted monitor");
    expect(list).toMatch(/🔕 \*Docs\* muted by <@U0BOB> until <!date\^\d+/);
  });

  it("refuses Unmute to a member of another team, and lifts the mute for a member", async () => {
    await linkUser(stack, STRANGER, DEMO_TOKENS.stagingOwner);
    const button = unmuteButton()!;
    expect(unmuteCodec.decode(button.value)).toEqual({ monitorId: String(DOCS), channelId: CHANNEL });
    await click(STRANGER, { action_id: actions.unmute, type: "button", value: button.value });
    const refused = await ephemeral(STRANGER, /isn't a member/);
    expect(textOf(refused)).toContain("Only a linked member of the subscribed Uptime team can unmute alerts");
    expect(JSON.stringify(refused.blocks)).toContain(actions.linkAccount);
    expect(textOf(current())).toContain("Muted here by <@U0BOB>");

    // Nor may they mute (the option as an older copy of the message would carry it).
    const option = {
      text: { type: "plain_text", text: "Mute 24 h" },
      value: muteCodec.encode({ monitorId: String(DOCS), channelId: CHANNEL, hours: 24 }),
    };
    await click(STRANGER, { action_id: actions.mute, type: "overflow", selected_option: option });
    const notMuted = await ephemeral(
      STRANGER,
      /can mute alerts in this channel, and your linked Uptime account isn't a member/,
    );
    expect(JSON.stringify(notMuted.blocks)).toContain(actions.linkAccount);
    expect(messages(/<@U0CAROL> muted/)).toHaveLength(0);

    await click(OWNER, { action_id: actions.unmute, type: "button", value: button.value });
    const note = await channelNote(/<@U0ALICE> unmuted \*Docs\*/);
    expect(note.text).toContain("new alerts for it are posted here again");
    const unmuted = await waitDocs((m) => !textOf(m).includes("Muted here"));
    expect(elementOf(unmuted, actions.mute)).toBeDefined();
    expect(elementOf(unmuted, actions.unmute)).toBeUndefined();
    expect(textOf(await stack.command(OWNER, "subscriptions", CHANNEL))).not.toContain("Muted here");
  });

  it("lifts a mute with /uptime unmute <monitor>, and says which monitors are muted on a miss", async () => {
    await mute(OWNER, 1);
    await waitDocs((m) => textOf(m).includes("Muted here by <@U0ALICE>"));
    const miss = (await stack.command(OWNER, "unmute Blog", CHANNEL)).text;
    expect(miss).toBe('No monitor muted in this channel matches "Blog". Muted here: *Docs*.');

    await stack.slack.sender.slashCommand({ userId: READ_ONLY, channelId: CHANNEL, text: "unmute docs" });
    await channelNote(/<@U0BOB> unmuted \*Docs\*/);
    await waitDocs((m) => !textOf(m).includes("Muted here") && elementOf(m, actions.mute) !== undefined);
  });

  it("refuses unsubscribe to another team's member and to a read-only member, and says in the channel who unsubscribed", async () => {
    const refused = textOf(await stack.command(STRANGER, "unsubscribe", CHANNEL));
    expect(refused).toContain("isn't a member of *Acme Production*");
    // Removing the owner's subscription needs the role that replacing it needs (issue 32).
    const readOnly = textOf(await stack.command(READ_ONLY, "unsubscribe", CHANNEL));
    expect(readOnly).toContain("read-only members of *Acme Production* can't remove it");
    expect(textOf(await stack.command(OWNER, "subscriptions", CHANNEL))).toContain("1 alert subscription");

    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "unsubscribe" });
    const note = await channelNote(/<@U0ALICE> removed/);
    expect(textOf(note)).toContain("<@U0ALICE> removed a subscription of this channel");
    expect(textOf(note)).toContain("Acme Production");
    expect(textOf(await stack.command(OWNER, "subscriptions", CHANNEL))).toContain(
      "This channel has no alert subscriptions",
    );
    stack.simulator.control.recover(DOCS);
  });
});
