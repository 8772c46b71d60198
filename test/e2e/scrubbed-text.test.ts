// Free text from the API is scrubbed like targets (issue 32, "Free text"): a URL inside an incident reason or a
// check error loses its user info, query and fragment before it reaches Slack, in the alert and in answers.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site.
const MARKETING_SITE = 1;
const CHANNEL = "C0ALERTS";
const USER = "U0ALICE";
const REASON = "GET https://user:pass@host/path?token=x#frag answered 503";
const SCRUBBED = "GET https://host/path answered 503";
const SECRETS = ["user:pass", "token=x", "#frag"];

describe("URLs in free text from the API reach Slack without user info, query or fragment", () => {
  let stack: Stack;
  let redis: Redis;
  let incidentId = "";

  const expectScrubbed = (label: string, message: unknown) => {
    const json = JSON.stringify(message);
    // The control: the reason (or check error) is in the message at all.
    expect(json, label).toContain(SCRUBBED);
    for (const secret of SECRETS) expect(json, label).not.toContain(secret);
  };

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" } });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, USER, DEMO_TOKENS.owner);
    await stack.slack.sender.slashCommand({ userId: USER, channelId: CHANNEL, text: "subscribe" });
    // The outage must start after the baseline, which announces nothing that is already down.
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
    const incident = stack.simulator.control.fail(MARKETING_SITE, REASON);
    if (!incident) throw new Error("the Marketing site opened no incident");
    incidentId = incident.id;
    await stack.simulator.control.runChecks(MARKETING_SITE);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("in the channel alert", async () => {
    const root = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .find(
            (m) =>
              m.metadata?.event_type === ALERT_EVENT_TYPE &&
              m.metadata.event_payload.incident_id === incidentId,
          ),
      20_000,
    );
    expectScrubbed("alert", root);
  });

  it.each(["status", "incidents", "incidents open", "incident {id}", `monitor ${MARKETING_SITE}`, "checks"])(
    "in the answer to /uptime %s",
    async (command) => {
      const text = command.replace("{id}", incidentId);
      expectScrubbed(text, await stack.command(USER, text));
    },
  );

  it("on App Home", async () => {
    await stack.slack.sender.event({ type: "app_home_opened", user: USER, channel: "D0ALICE", tab: "home" });
    const home = await waitFor(stack.slack.events, () => {
      const view = stack.slack.state.homeViews.get(USER);
      return view && textOf(view).includes(`#${incidentId}`) ? view : undefined;
    });
    expectScrubbed("App Home", home);
  });
});
