// UPTIME_WEB_URL end to end (issue 15): the real bot started from a Config over signed HTTP, the fake Slack,
// the simulator (demo seed) and Redis. Names in an alert and in command answers link to the web app.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": monitor 1 is "Marketing site".
const MARKETING_SITE = 1;
const CHANNEL = "C0ALERTS";
const WEB = "https://uptime.example.com/app";

describe("UPTIME_WEB_URL end to end", () => {
  let stack: Stack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        ALERT_WORKERS: "1",
        POLL_INTERVAL_SECONDS: "1",
        // A base URL with a path, the default monitor template and a custom incident one.
        UPTIME_WEB_URL: `${WEB}/`,
        UPTIME_WEB_INCIDENT_PATH: "/incidents/{id}/timeline",
      },
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    // The outage must start after the baseline, which by design announces nothing already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("an alert links its monitor and its incident; the notification text stays plain", async () => {
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("the monitor opened no incident");
    const root = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .find(
            (m) =>
              m.metadata?.event_type === ALERT_EVENT_TYPE &&
              m.metadata.event_payload.incident_id === incident.id,
          ),
      20_000,
    );
    const body = JSON.stringify(root.attachments);
    expect(body).toContain(`*Monitor*\\n<${WEB}/monitors/${MARKETING_SITE}|Marketing site>`);
    expect(body).toContain(`<${WEB}/incidents/${incident.id}/timeline|#${incident.id}>`);
    expect(root.text).toContain("Marketing site is down");
    expect(root.text).not.toContain(WEB);
  });

  it("/uptime monitors links each monitor's name to its page", async () => {
    const reply = await stack.command("U0ALICE", "monitors Marketing");
    expect(textOf(reply)).toContain(
      `*<${WEB}/monitors/${MARKETING_SITE}|Marketing site>* (id ${MARKETING_SITE})`,
    );
  });

  it("/uptime incident links the monitor and the incident", async () => {
    // The monitor's open incident (fail() on a failing monitor returns it).
    const id = stack.simulator.control.fail(MARKETING_SITE)?.id;
    if (!id) throw new Error("the monitor has no open incident");
    const reply = await stack.command("U0ALICE", `incident ${id}`);
    const text = textOf(reply);
    expect(text).toContain(`*Monitor:* <${WEB}/monitors/${MARKETING_SITE}|Marketing site>`);
    expect(text).toContain(`<${WEB}/incidents/${id}/timeline|Open #${id} in the Uptime web app>`);
  });
});
