import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE, ROLLUP_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import {
  type AlertingAction,
  mayChange,
  ROLE_TABLE,
  STANDINGS,
  type Standing,
} from "../../src/domain/alerting-roles";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import {
  archiveChannelCodec,
  incidentChannelCodec,
  muteCodec,
  muteUntilRecoveredCodec,
  rollupCodec,
} from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site; 5 Public API, 6 Auth service, 7 Payments API.
const MARKETING_SITE = 1;
const STORM_MONITORS = [5, 6, 7];
// Alice links Olivia (owner), Carol Max (regular member), Bob Rita (read-only member), Dan Stan (owner of
// Acme Staging only: an outsider to Acme Production), Frank Olivia again (someone else who set things up);
// Eve is not linked (the outsider where the team is the caller's own active team).
const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CAROL = "U0CAROL";
const DAN = "U0DAN";
const EVE = "U0EVE";
const FRANK = "U0FRANK";
const PERSONA: Record<Standing, string> = { owner: ALICE, member: CAROL, "read-only": BOB, outsider: DAN };
const HOLES = "C0HOLES";
const MENTIONS = "C0MENTIONS";
const STORM = "C0ROLESTORM";
const users = [ALICE, BOB, CAROL, DAN, EVE, FRANK];
const gridChannel = (action: AlertingAction, standing: Standing) =>
  `C0G${ROLE_TABLE.findIndex((r) => r.action === action)}${standing.replace("-", "").toUpperCase()}`;

/** A refusal of the role table: not linked, not a member, not in the channel, or a read-only member. */
const REFUSAL =
  /^Only a linked member|^Only someone in that incident channel|read-only members of|haven't linked/i;

/**
 * The role table (src/domain/alerting-roles.ts) end to end: the reported holes (a read-only member muting
 * for a week or until recovered, or mentioning a group on escalation steps), then every row of the table
 * tried by an owner, a regular member, a read-only member and an outsider through the real bot, each
 * answer compared with the table.
 */
describe("one role table decides who may change who gets alerted", () => {
  let stack: Stack;
  let redis: Redis;
  let incidentId = "";
  let rootTs = "";
  let incidentChannel = "";

  /** Notes naming the user; not the alert messages, whose redraw names who muted or acknowledged. */
  const notesNaming = (channelId: string, userId: string) =>
    stack.slack.state
      .channelMessages(channelId)
      .filter(
        (m) =>
          m.metadata?.event_type !== ALERT_EVENT_TYPE &&
          m.metadata?.event_type !== ROLLUP_EVENT_TYPE &&
          textOf(m).includes(`<@${userId}>`),
      );

  /** What an interaction led to: the caller's next ephemeral, or the next note in the channel naming them. */
  const outcome = async (
    userId: string,
    channelId: string,
    act: () => Promise<unknown>,
    notesToo = true,
  ): Promise<string> => {
    const ephemerals = stack.slack.state.ephemeralFor(userId, channelId).length;
    const notes = notesNaming(channelId, userId).length;
    await act();
    const answer = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state.ephemeralFor(userId, channelId)[ephemerals] ??
        (notesToo ? notesNaming(channelId, userId)[notes] : undefined),
      15_000,
    );
    return textOf(answer);
  };
  const attempt = (userId: string, text: string, channelId: string) =>
    outcome(userId, channelId, () => stack.slack.sender.slashCommand({ userId, channelId, text }));
  const clickIn = (userId: string, channelId: string, action: Record<string, unknown>, ts = "1.000001") =>
    stack.slack.sender.blockAction({
      userId,
      container: { type: "message", channel: channelId, ts },
      actions: [action as { action_id: string }],
    });
  const muteMenu = (userId: string, channelId: string, value: string) =>
    outcome(userId, channelId, () =>
      clickIn(
        userId,
        channelId,
        { action_id: actions.mute, type: "overflow", selected_option: { value } },
        rootTs,
      ),
    );
  const subscriptionsOf = async (channelId: string) =>
    textOf(await stack.command(ALICE, "subscriptions", channelId));
  const expectAllowed = (text: string) => expect(text).not.toMatch(REFUSAL);
  /** `/uptime subscribe` as `who`, resolved once it is stored (the announcement goes first). */
  const subscribed = async (who: string, channelId: string, text = "subscribe") => {
    const before = (await subscriptionsOf(channelId)).match(/has (\d+) alert subscription/)?.[1] ?? "0";
    expectAllowed(await attempt(who, text, channelId));
    await eventually(async () => {
      const count = (await subscriptionsOf(channelId)).match(/has (\d+) alert subscription/)?.[1] ?? "0";
      return count !== before ? true : undefined;
    });
  };

  beforeAll(async () => {
    const gridChannels = ROLE_TABLE.flatMap((row) => STANDINGS.map((s) => gridChannel(row.action, s)));
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      // Alice reads the subscriptions after every subscribe, well past a person's 30 commands a minute: at
      // the product's share her reads were refused (a 2 s wait each) and a refusal is no answer to judge.
      bot: { fairShare: { commandsPerMinute: 6000, commandBurst: 6000 } },
      slack: {
        users: [
          { id: ALICE, name: "alice", realName: "Alice Adams", isAdmin: true },
          { id: BOB, name: "bob", realName: "Bob Brown" },
          { id: CAROL, name: "carol", realName: "Carol Chen" },
          { id: DAN, name: "dan", realName: "Dan Diaz" },
          { id: EVE, name: "eve", realName: "Eve Evans" },
          { id: FRANK, name: "frank", realName: "Frank Fox" },
        ],
      },
      extraChannels: [HOLES, MENTIONS, STORM, ...gridChannels].map((id) => ({
        id,
        name: id.toLowerCase(),
        members: [...users, "U0BOT"],
        // The channels the archive row's buttons name are private, as every incident channel the bot
        // creates is (groups:write archives only those).
        isPrivate: STANDINGS.some((s) => gridChannel("archive-incident-channel", s) === id),
      })),
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, ALICE, DEMO_TOKENS.owner);
    await linkUser(stack, BOB, DEMO_TOKENS.readonly);
    await linkUser(stack, CAROL, DEMO_TOKENS.member);
    await linkUser(stack, DAN, DEMO_TOKENS.stagingOwner);
    await linkUser(stack, FRANK, DEMO_TOKENS.owner);
    await subscribed(ALICE, HOLES, 'subscribe monitor:"Marketing site"');
    await subscribed(
      FRANK,
      STORM,
      'subscribe monitor:"Public API" monitor:"Auth service" monitor:"Payments API" --storm 2',
    );
    // Outages must start after the baseline, which by design announces nothing already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    await eventually(async () => {
      const state = (await scheduler.inspect(pollTargetName("1", DEMO_TOKENS.owner)))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 20_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("refuses a read-only member a week's mute, a mute until recovered and a group on escalation steps", async () => {
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("no incident");
    incidentId = incident.id;
    const root = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(HOLES)
          .find(
            (m) =>
              m.metadata?.event_type === ALERT_EVENT_TYPE &&
              m.metadata.event_payload.incident_id === incidentId,
          ),
      20_000,
    );
    rootTs = root.ts;

    const week = await attempt(BOB, 'mute "Marketing site" 7d', HOLES);
    expect(week).toContain("Read-only members of *Acme Production* can mute a monitor here for up to 4 h");
    expect(week).toContain("ask a team owner or a regular member");
    expect(await attempt(BOB, 'mute "Marketing site" until-recovered', HOLES)).toContain(
      "not longer or until it recovers",
    );
    // The alert's Mute menu follows the same rule: 24 h and until it recovers are refused.
    const day = muteCodec.encode({ monitorId: String(MARKETING_SITE), channelId: HOLES, hours: 24 });
    expect(await muteMenu(BOB, HOLES, day)).toContain("up to 4 h");
    const untilRecovered = muteUntilRecoveredCodec.encode({
      monitorId: String(MARKETING_SITE),
      channelId: HOLES,
      incidentId,
    });
    expect(await muteMenu(BOB, HOLES, untilRecovered)).toContain("up to 4 h");
    expect(await subscriptionsOf(HOLES)).not.toContain("muted by");

    // A regular member may mute for 2 h; the read-only member for 4 h from the menu.
    expect(await attempt(CAROL, 'mute "Marketing site" 2h', HOLES)).toContain("<@U0CAROL> muted");
    const four = muteCodec.encode({ monitorId: String(MARKETING_SITE), channelId: HOLES, hours: 4 });
    expect(await muteMenu(BOB, HOLES, four)).toContain("<@U0BOB> muted");
    // The owner may mute until it recovers.
    expect(await muteMenu(ALICE, HOLES, untilRecovered)).toContain("<@U0ALICE> muted");

    // --mention of a group on five escalation steps: refused to the read-only member, nothing subscribed.
    const group = "<!subteam^S0ONCALL|@oncall>";
    const steps = [5, 10, 15, 20, 25].map((m) => `${m}m:${group}`).join(",");
    const escalation = await attempt(BOB, `subscribe --escalate ${steps}`, MENTIONS);
    expect(escalation).toContain("Read-only members of *Acme Production* can't make alerts ping");
    expect(await subscriptionsOf(MENTIONS)).toContain("no alert subscriptions");
    expect(await attempt(BOB, `subscribe --mention ${group}`, MENTIONS)).toContain("can't make alerts ping");
    // Mentioning only oneself is not pinging others.
    await subscribed(BOB, MENTIONS, "subscribe --escalate 5m:<@U0BOB|bob>");
    expect(await subscriptionsOf(MENTIONS)).toContain("has 1 alert subscription");
  });

  /** Each row tried by `who` (a Slack user); resolves with the answer. Setup runs first, in `channel`. */
  const ROWS: Partial<
    Record<AlertingAction, (who: string, channel: string, standing: Standing) => Promise<string>>
  > = {
    subscribe: (who, channel) => attempt(who, 'subscribe monitor:"Marketing site"', channel),
    "replace-others": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, "subscribe", channel);
    },
    "unsubscribe-own": async (who, channel, standing) => {
      // An outsider's own subscription: set up while a member, then linked to an account outside the team.
      if (standing === "outsider") await linkUser(stack, who, DEMO_TOKENS.member);
      await subscribed(who, channel);
      if (standing === "outsider") await linkUser(stack, who, DEMO_TOKENS.stagingOwner);
      return attempt(who, "unsubscribe", channel);
    },
    "unsubscribe-others": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, "unsubscribe", channel);
    },
    "mute-short": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, 'mute "Marketing site" 2h', channel);
    },
    "mute-long": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, 'mute "Marketing site" 7d', channel);
    },
    unmute: async (who, channel) => {
      await subscribed(FRANK, channel);
      await attempt(FRANK, 'mute "Marketing site" 1h', channel);
      return attempt(who, 'unmute "Marketing site"', channel);
    },
    "digest-now": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, "digest", channel);
    },
    "test-alert": async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, "test", channel);
    },
    maintenance: async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, 'maintenance "Marketing site" 30m', channel);
    },
    oncall: async (who, channel) => {
      await subscribed(FRANK, channel);
      return attempt(who, "oncall set <@U0ALICE|alice> <@U0CAROL|carol>", channel);
    },
    // The incident's record: a note and the postmortem canvas, on the incident of the holes above.
    "add-note": (who, channel) => attempt(who, `note ${incidentId} checked the load balancer`, channel),
    "write-postmortem": (who, channel) => attempt(who, `postmortem ${incidentId}`, channel),
    "mention-others": (who, channel) =>
      attempt(who, "subscribe --escalate 5m:<!subteam^S0ONCALL|@oncall>", channel),
    // Page now: what acknowledging needs, the alert's incident paged from its channel.
    page: (who) => attempt(who, `page ${incidentId} <@U0CAROL|carol> -- role table`, HOLES),
    "open-incident-channel": (who) =>
      outcome(who, HOLES, () =>
        clickIn(
          who,
          HOLES,
          {
            action_id: actions.openIncidentChannel,
            type: "button",
            value: incidentChannelCodec.encode({ teamId: "1", channelId: HOLES, incidentId }),
          },
          rootTs,
        ),
      ),
  };
  /**
   * Where the team is the caller's own active team (subscribing, replacing, a digest), a linked outsider
   * would act on their own team: there the outsider is someone not linked.
   */
  const OWN_TEAM_ROWS = new Set<AlertingAction>([
    "subscribe",
    "replace-others",
    "digest-now",
    "mention-others",
    // A linked outsider reads no incident of another team (the API answers 404): not linked is the refusal.
    "add-note",
    "write-postmortem",
  ]);

  it("walks every row of the table, here or in the two tests below", () => {
    // Archive needs an incident channel, Acknowledge all a roll-up: each has a test of its own below.
    // Answering an alert's button needs a reminder: test/e2e/reminders.test.ts clicks it as an owner, a
    // read-only member, an outsider and someone unlinked. The runbook and board rows are in
    // test/e2e/board-and-runbooks.test.ts (an owner adds and posts, a read-only member is refused a runbook).
    const elsewhere: AlertingAction[] = [
      "archive-incident-channel",
      "acknowledge-all",
      "answer-alert",
      "edit-runbooks",
      "post-board",
    ];
    expect([...Object.keys(ROWS), ...elsewhere].sort()).toEqual(ROLE_TABLE.map((r) => r.action).sort());
  });

  for (const row of ROLE_TABLE) {
    const run = ROWS[row.action];
    if (!run) continue;
    it(`${row.action}: an owner, a member, a read-only member and an outsider, as the table says`, async () => {
      expect(incidentId).not.toBe("");
      for (const standing of STANDINGS) {
        const who = standing === "outsider" && OWN_TEAM_ROWS.has(row.action) ? EVE : PERSONA[standing];
        const answer = await run(who, gridChannel(row.action, standing), standing);
        const label = `${row.action} / ${standing}`;
        if (mayChange(row.action, standing).allowed) {
          expect(answer, label).not.toMatch(/Something went wrong/);
          expect(answer, label).not.toMatch(REFUSAL);
        } else {
          expect(answer, label).toMatch(REFUSAL);
          // The refusal names who may: a linked member of the team, or a team owner or a regular member.
          expect(answer, label).toMatch(/a linked member|a team owner or a regular member/);
        }
      }
    });
  }

  it("archives an incident channel for anyone in it, and for nobody outside it", async () => {
    const archive = (channelId: string) => ({
      action_id: actions.archiveIncidentChannel,
      type: "button",
      value: archiveChannelCodec.encode({ teamId: "1", channelId }),
    });
    incidentChannel =
      [...stack.slack.state.conversations.values()].find((c) => c.name.startsWith("inc-"))?.id ?? "";
    expect(incidentChannel, "the open-incident-channel row opened one").not.toBe("");
    // Dan, outside the incident channel, presses a copy of its Archive button elsewhere.
    const outside = await outcome(DAN, HOLES, () => clickIn(DAN, HOLES, archive(incidentChannel), rootTs));
    expect(outside).toContain("Only someone in that incident channel can archive it");
    expect(stack.slack.state.conversation(incidentChannel)?.isArchived).toBeFalsy();
    // Anyone in it may, whatever their role: the read-only member archives the incident channel, and the
    // owner and the member their own channels' (the same button, clicked in the channel it names).
    const cases: [string, string][] = [
      [BOB, incidentChannel],
      [ALICE, gridChannel("archive-incident-channel", "owner")],
      [CAROL, gridChannel("archive-incident-channel", "member")],
    ];
    for (const [who, channelId] of cases) {
      // A message to click on: the incident channel's first, or a subscription's announcement.
      if (channelId !== incidentChannel) await subscribed(FRANK, channelId);
      const message = stack.slack.state.channelMessages(channelId)[0];
      if (!message) throw new Error(`no message in ${channelId}`);
      await clickIn(who, channelId, archive(channelId), message.ts);
      await waitFor(stack.slack.events, () =>
        stack.slack.state.conversation(channelId)?.isArchived ? true : undefined,
      );
      expect(stack.slack.state.channelMessages(channelId).some((m) => m.text.includes(`<@${who}>`))).toBe(
        true,
      );
    }
  });

  it("lets any member of the team press Acknowledge all, and no outsider", async () => {
    for (const id of STORM_MONITORS) stack.simulator.control.fail(id, "Connection refused");
    const rollup = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(STORM)
          .find(
            (m: StoredMessage) =>
              m.metadata?.event_type === ROLLUP_EVENT_TYPE && /Payments API/.test(textOf(m)),
          ),
      30_000,
    );
    const ackAll = {
      action_id: actions.rollupAcknowledgeAll,
      type: "button",
      value: rollupCodec.encode({ teamId: "1", channelId: STORM }),
    };
    // Only the presser's answer: the roll-up itself names whoever acknowledged.
    const press = (who: string) => outcome(who, STORM, () => clickIn(who, STORM, ackAll, rollup.ts), false);
    expect(await press(DAN)).toMatch(/^Only a linked member of/);
    // The table lets a read-only member through; the API then refuses each incident with its own sentence.
    const readOnly = await press(BOB);
    expect(readOnly).not.toMatch(REFUSAL);
    expect(readOnly).toContain("read-only members can't change monitors or acknowledge incidents");
    expect(await press(CAROL)).toMatch(/Acknowledged 3 incidents/);
  });
});
