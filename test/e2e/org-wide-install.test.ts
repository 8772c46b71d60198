// An Enterprise Grid org-wide install, as README "Creating the Slack app" (Enterprise Grid) describes it: the
// bot in OAuth mode, one installation for the whole organization (Slack's oauth.v2.access answers
// `is_enterprise_install: true` with the enterprise and no team, https://api.slack.com/enterprise/apps/reference),
// and every request from a workspace of the organization saying `is_enterprise_install: true`. The code
// claims such installs work and that their data is keyed by the enterprise id (src/store/workspace.ts).
import { Writable } from "node:stream";
import type { Installation } from "@slack/oauth";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { BOT_SCOPES } from "../../src/bot/slack-app";
import { createLogger } from "../../src/lib/logger";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { RedisInstallationStore } from "../../src/store/installation-store";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { SubscriptionStore } from "../../src/store/subscription-store";
import { BOT_TOKEN, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";
import { ephemeralMatching, loginThroughModal } from "./login-helper";

const ENTERPRISE = "E0ORG";
/** Another workspace of the same enterprise. */
const OTHER_WORKSPACE = "T0OTHER";

/** What Bolt's OAuth callback stores for an org-wide install: an enterprise, no team. */
function orgInstallation(stack: Stack): Installation<"v2", true> {
  return {
    team: undefined,
    enterprise: { id: ENTERPRISE, name: "Fake Enterprise" },
    isEnterpriseInstall: true,
    user: { id: "U0ALICE", token: undefined, scopes: undefined },
    bot: { token: BOT_TOKEN, scopes: [...BOT_SCOPES], id: "B0BOT", userId: "U0BOT" },
    tokenType: "bot",
    appId: stack.slack.config.appId,
    authVersion: "v2",
  };
}

describe("an org-wide install (Enterprise Grid)", () => {
  let stack: Stack;
  let redis: Redis;
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    stack = await startStack({
      logger: createLogger({ level: "warn", destination }),
      env: {
        SLACK_BOT_TOKEN: undefined,
        SLACK_CLIENT_ID: "1234.5678",
        SLACK_CLIENT_SECRET: "client-secret",
        SLACK_STATE_SECRET: "state-secret-for-the-org-test-32-characters",
      },
      slack: { enterpriseId: ENTERPRISE, enterpriseInstall: true },
    });
    redis = new Redis(inject("redisUrl"));
  });
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
  });

  it("refuses a request while the organization has no installation, having looked for the enterprise's", async () => {
    const result = await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0GENERAL",
      text: "help",
    });
    // Bolt acks only after authorization has failed (App.processEvent), so the log already says why.
    expect(result.status).toBe(200);
    const log = logLines.join("\n");
    expect(log).toContain("Authorization of incoming event did not succeed");
    expect(log).toContain(`no Slack installation stored for E:${ENTERPRISE}`);
    expect(stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL")).toEqual([]);
  });

  it("serves a workspace of the organization with the organization's installation, keyed by the enterprise", async () => {
    const keys = keyspace(stack.keyPrefix);
    const installations = new RedisInstallationStore({
      redis,
      keys,
      cipher: TokenCipher.fromSetting(stack.tokenEncryptionKey),
    });
    await installations.storeInstallation(orgInstallation(stack));
    expect(await redis.exists(keys.installation(`E:${ENTERPRISE}`))).toBe(1);

    const help = await stack.command("U0ALICE", "help");
    expect(textOf(help)).toContain("/uptime status");

    // A link made in a workspace of the organization belongs to the organization's install.
    const login = await loginThroughModal(stack, "U0ALICE", DEMO_TOKENS.owner);
    expect(login.outcome).toBe("closed");
    await ephemeralMatching(stack, "U0ALICE", "C0GENERAL", /now linked/);
    expect(await redis.exists(keys.link(`E:${ENTERPRISE}`, "U0ALICE"))).toBe(1);
    expect(await redis.exists(keys.link(`T:${stack.slack.config.teamId}`, "U0ALICE"))).toBe(0);
    expect(textOf(await stack.command("U0ALICE", "whoami"))).toContain("Olivia Owner");
  });
});

describe("an org-wide install: a channel's alerts move only within its own workspace", () => {
  let stack: Stack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        SLACK_BOT_TOKEN: undefined,
        SLACK_CLIENT_ID: "1234.5678",
        SLACK_CLIENT_SECRET: "client-secret",
        SLACK_STATE_SECRET: "state-secret-for-the-org-test-of-32-characters",
        ALERT_WORKERS: "1",
        POLL_INTERVAL_SECONDS: "1",
      },
      slack: { enterpriseId: ENTERPRISE, enterpriseInstall: true },
      bot: { rejections: { minPolls: 3, minStreakMs: 3_000, recheckMs: 2_000 } },
    });
    redis = new Redis(inject("redisUrl"));
    const keys = keyspace(stack.keyPrefix);
    const cipher = TokenCipher.fromSetting(stack.tokenEncryptionKey);
    await new RedisInstallationStore({ redis, keys, cipher }).storeInstallation(orgInstallation(stack));
  });
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
  });

  it("a refused token pauses the channel rather than read it with a member of another workspace", async () => {
    // Bob works in another workspace of the enterprise: his requests carry its team id.
    const bob = stack.slack.state.users.get("U0BOB");
    if (!bob) throw new Error("the fake has no U0BOB");
    bob.teamId = OTHER_WORKSPACE;
    const keys = keyspace(stack.keyPrefix);
    const scheduler = new PollTargetStore({ redis, keys });
    const subscriptions = new SubscriptionStore({ redis, keys });
    for (const [userId, token] of [
      ["U0ALICE", DEMO_TOKENS.owner],
      ["U0BOB", DEMO_TOKENS.member],
    ] as const) {
      expect((await loginThroughModal(stack, userId, token)).outcome).toBe("closed");
    }
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "subscribe" });
    await stack.slack.sender.slashCommand({ userId: "U0BOB", channelId: "C0GENERAL", text: "subscribe" });
    const aliceTarget = pollTargetName("1", DEMO_TOKENS.owner);
    const bobTarget = pollTargetName("1", DEMO_TOKENS.member);
    for (const target of [aliceTarget, bobTarget]) {
      await eventually(async () => {
        const state = (await scheduler.inspect(target))?.state;
        return state && JSON.parse(state).baselined === true ? true : undefined;
      }, 15_000);
    }
    const ws = { enterpriseId: ENTERPRISE, isEnterpriseInstall: true };
    const [bobsSub] = await subscriptions.listByChannel(ws, "C0GENERAL");
    expect(bobsSub?.workspace.teamId).toBe(OTHER_WORKSPACE);

    stack.simulator.control.setFault({ status: 401, token: DEMO_TOKENS.owner });
    try {
      const notes = (pattern: RegExp) =>
        stack.slack.state
          .channelMessages("C0ALERTS")
          .filter((m) => m.metadata?.event_type !== ALERT_EVENT_TYPE && pattern.test(textOf(m)));
      await waitFor(stack.slack.events, () => notes(/paused/)[0], 20_000);
      const [alerts] = await subscriptions.listByChannel(ws, "C0ALERTS");
      expect(alerts?.paused?.reason).toBe("token_rejected");
      expect(alerts?.target).toBe(aliceTarget);
      expect(notes(/go on here/)).toEqual([]);
      expect((await subscriptions.listByTarget(bobTarget)).map((s) => s.channelId)).toEqual(["C0GENERAL"]);
    } finally {
      stack.simulator.control.clearFaults();
    }
  });
});
