// Quiet windows belong to a team: a channel subscribed to two API teams, a window planned for one of them
// holds back that team's outages only; planning without --team asks which; a write-role member of the
// window's team (not only its planner) may end it, an owner of the other team may not; `group:` is read
// within the window's team. The real bot over signed HTTP, the fake Slack, the simulator and Redis.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { AlertMessageStore } from "../../src/store/alert-message-store";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed: team 1 "Acme Production" (3 Blog), team 2 "Acme Staging" (14 Staging API). Max is a regular
// member of team 1 only, Stan owns team 2 only, Olivia owns team 1 (and is a regular member of team 2).
const BLOG = 3;
const STAGING_API = 14;
const CHANNEL = "C0ALERTS";
const MAX = "U0ALICE";
const STAN = "U0BOB";
const OLIVIA = "U0CAROL";
const WS = { teamId: "" };

describe("a quiet window belongs to one API team of a two-team channel", () => {
  let stack: Stack;
  let redis: Redis;
  let records: AlertMessageStore;

  const rootsOf = (incidentId: string) =>
    stack.slack.state
      .channelMessages(CHANNEL)
      .filter(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const waitRoot = (incidentId: string) =>
    waitFor(stack.slack.events, (): StoredMessage | undefined => rootsOf(incidentId)[0], 20_000);
  const recordOf = (incidentId: string) =>
    eventually(async () => (await records.get(WS, CHANNEL, incidentId)) ?? undefined, 20_000);
  const answer = async (userId: string, text: string) => textOf(await stack.command(userId, text, CHANNEL));

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" } });
    WS.teamId = stack.slack.config.teamId;
    redis = new Redis(inject("redisUrl"));
    records = new AlertMessageStore({ redis, keys: keyspace(stack.keyPrefix) });
    await linkUser(stack, MAX, DEMO_TOKENS.member);
    await linkUser(stack, STAN, DEMO_TOKENS.stagingOwner);
    await linkUser(stack, OLIVIA, DEMO_TOKENS.owner);
    for (const userId of [MAX, STAN]) {
      const before = stack.slack.state.channelMessages(CHANNEL).length;
      await stack.slack.sender.slashCommand({ userId, channelId: CHANNEL, text: "subscribe" });
      await waitFor(stack.slack.events, () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .slice(before)
          .find((m) => /now gets alerts/.test(textOf(m))),
      );
    }
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    for (const target of [
      pollTargetName("1", DEMO_TOKENS.member),
      pollTargetName("2", DEMO_TOKENS.stagingOwner),
    ]) {
      await eventually(async () => {
        const state = (await scheduler.inspect(target))?.state;
        return state && JSON.parse(state).baselined === true ? true : undefined;
      }, 15_000);
    }
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("asks which team without --team, naming the teams, and plans nothing", async () => {
    const asked = await answer(MAX, "maintenance all 7d");
    expect(asked).toContain("This channel gets alerts of 2 Uptime teams");
    // Max sees his own team's name; the other team, which he is no member of, by its id only.
    expect(asked).toContain("*Acme Production* (`1`)");
    expect(asked).toContain("team `2`");
    expect(asked).not.toContain("Acme Staging");
    expect(asked).toContain("--team");
    expect(await answer(MAX, "maintenance")).toMatch(/^No maintenance window/);
    // A team he is no member of, and one the channel does not get: refused, nothing planned.
    expect(await answer(MAX, "maintenance all 7d --team 2")).toContain(
      "your linked Uptime account isn't a member",
    );
    expect(await answer(MAX, "maintenance all 7d --team 9")).toContain(
      "This channel gets no alerts of a team `9`",
    );
    // group: is read within the window's team: team 2's monitors have no group, team 1 has Website.
    expect(await answer(OLIVIA, "maintenance group:Website 1h --team 2")).toContain(
      'No group matches "Website"',
    );
    expect(await answer(MAX, "maintenance")).toMatch(/^No maintenance window/);
  });

  it("holds only its own team's outages; the window's team's write-role member ends it, the other team's owner cannot", async () => {
    const planned = await answer(MAX, 'maintenance all 7d --team "acme production" --reason deploy');
    const id = /Maintenance `([a-z0-9]+)` planned/.exec(planned)?.[1];
    expect(id, planned).toBeDefined();
    // The window says whose monitors it quiets.
    expect(planned).toContain("no outage alerts here for every monitor of *Acme Production*");

    // Team 2's outage in the same channel: alerted at once, the window is not its team's.
    const staging = stack.simulator.control.fail(STAGING_API, "HTTP 500")!.id;
    const stagingRoot = await waitRoot(staging);
    expect(textOf(stagingRoot)).toContain("Staging API is down");
    // Team 1's outage: held back by the window.
    const blog = stack.simulator.control.fail(BLOG, "HTTP 502")!.id;
    expect(await recordOf(blog)).toMatchObject({ mode: "muted", heldBy: id });
    expect(rootsOf(blog)).toHaveLength(0);

    // Team 2's owner cannot end team 1's window.
    const refused = await answer(STAN, `maintenance end ${id}`);
    expect(refused).toContain("isn't a member of *Acme Production*");
    expect(await answer(MAX, "maintenance")).toContain(`\`${id}\``);
    // Olivia, owner of team 1 (not the planner), can: the held outage is alerted now.
    expect(await answer(OLIVIA, `maintenance end ${id}`)).toContain(`Maintenance \`${id}\` ends now`);
    expect(textOf(await waitRoot(blog))).toContain("Blog is down");
    expect(rootsOf(staging)).toHaveLength(1);
  });
});
