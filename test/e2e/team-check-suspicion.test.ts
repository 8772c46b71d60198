import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { SubscriptionStore } from "../../src/store/subscription-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { turnOnPersonalAlerts } from "../support/personal-alerts";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed: Max Member is a regular member of team 1 "Acme Production" only; 9 Primary database.
const MEMBER = DEMO_TOKENS.member;
const PRIMARY_DATABASE = 9;
/** The windows of "Never silent" (3 polls over 2 minutes, 5-minute re-check), scaled down. */
const REJECTIONS = { minPolls: 3, minStreakMs: 2_000, recheckMs: 1_500 };

/**
 * A 401 is a suspicion on every path (docs/architecture.md section 7), the team check of a poll's
 * 403/404 streak included: the polls of Carol's personal alerts are refused (404, she is out of the team
 * for a while) and the check `GET /teams/1` answers 401. Only `GET /users/me` may confirm that 401, and it
 * accepts her token: her personal alerts are not ended, her token is kept, and once the team reads again
 * her alerts arrive as before. The real bot, the simulator (its exact-path fault) and the fake Slack.
 */
describe("a 401 to GET /teams/{id} is a suspicion, not a lost team", () => {
  let stack: Stack;
  let redis: Redis;
  let scheduler: PollTargetStore;
  let subscriptions: SubscriptionStore;
  let dm: string;
  const target = pollTargetName("1", MEMBER);

  const dmTexts = () => stack.slack.state.channelMessages(dm).map((m) => textOf(m));
  const ended = () => dmTexts().filter((t) => t.includes("I turned off your personal alerts"));
  /** The confirming checks of the streak: `GET /teams/1` itself (only Carol's token is linked here). */
  const teamChecksRefused = () =>
    stack.simulator.control.requests(1000).filter((r) => r.path === "/teams/1" && r.status === 401).length;

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      bot: { rejections: REJECTIONS },
    });
    redis = new Redis(inject("redisUrl"));
    const keys = keyspace(stack.keyPrefix);
    scheduler = new PollTargetStore({ redis, keys });
    subscriptions = new SubscriptionStore({ redis, keys });
    await linkUser(stack, "U0CAROL", MEMBER);
    dm = await turnOnPersonalAlerts(stack, "U0CAROL");
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("keeps the personal alerts and the token; alerts arrive once the team reads again", async () => {
    const [personal] = await subscriptions.listByTarget(target);
    expect(personal?.personal).toBeDefined();
    stack.simulator.control.clearRequests();

    // The polls answer 404 (no longer a member), the team check 401; GET /users/me still accepts the token.
    stack.simulator.control.removeMember(1, MEMBER);
    stack.simulator.control.setFault({ status: 401, token: MEMBER, path: "/teams/1", exactPath: true });
    try {
      // Two checks of the streak, or the end of her alerts (what a 401 taken as a verdict does).
      await eventually(
        async () => (teamChecksRefused() >= 2 || ended().length > 0 ? true : undefined),
        20_000,
      );
      expect(ended()).toEqual([]);
      expect(await subscriptions.get(personal!.id)).not.toBeNull();
      // The check asked GET /users/me with her token, which answered: nothing was confirmed.
      const me = stack.simulator.control.requests(1000).filter((r) => r.path === "/users/me");
      expect(me.map((r) => r.status)).toContain(200);
      expect((await scheduler.inspect(target))?.paused).toBeNull();
    } finally {
      stack.simulator.control.clearFaults();
      stack.simulator.control.addMember(1, MEMBER, "regular");
    }

    // Still linked: no new login.
    const whoami = textOf(await stack.command("U0CAROL", "whoami"));
    expect(whoami).toContain("Acme Production");
    expect(whoami).not.toMatch(/no longer accepted|not linked/i);

    // Her personal alerts continue.
    stack.simulator.control.fail(PRIMARY_DATABASE, "Connection refused");
    const alert = await waitFor(
      stack.slack.events,
      () =>
        (stack.slack.state.conversation(dm)?.messages ?? []).find(
          (m) => m.metadata?.event_type === ALERT_EVENT_TYPE && textOf(m).includes("Primary database"),
        ),
      20_000,
    );
    expect(textOf(alert)).toContain("Primary database");
    expect(ended()).toEqual([]);
    stack.simulator.control.recover(PRIMARY_DATABASE);
  });
});
