/**
 * The fault suite's world: a private Redis that can restart (with its data), the simulator, the fake Slack
 * and N `npm start` processes, as in test/e2e/failover.test.ts. Each scenario gets its own API team (one
 * owner, a few monitors), Slack user and channels, so that scenarios run one after another on one stack
 * without reading each other's alerts. Faults are set over the simulator's and the fake Slack's HTTP
 * control routes, as another process would.
 */
import { Redis } from "ioredis";
import { type FakeSlack, type SlackFaultInput, startFakeSlack } from "../../../dev/playground/fake-slack";
import type { StoredMessage } from "../../../dev/playground/fake-slack/types";
import { type RunningSimulator, startSimulator } from "../../../dev/simulator";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { type Keyspace, keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { SubscriptionStore } from "../../../src/store/subscription-store";
import { workspaceKey } from "../../../src/store/workspace";
import { type BotProcess, startBotProcess } from "../bot-process";
import { type RestartableRedis, startRestartableRedis } from "../private-redis";

const SIGNING_SECRET = "chaos-signing-secret";
const BOT_TOKEN = "xoxb-chaos-bot";
export const BOT_USER = "U0BOT";
export const SLACK_TEAM = "T0CHAOS";
/** The bot processes run with the default key prefix, as `npm start` does. */
const KEY_PREFIX = "uc:";

export interface TeamPlan {
  /** The scenario's letter: names its API team, Slack user and channels. */
  key: string;
  channels: number;
  monitors: number;
}

export interface ChaosTeam {
  key: string;
  apiTeamId: string;
  /** The owner's API token: the poll token of every subscription of the team. */
  token: string;
  slackUser: string;
  channels: string[];
  monitorIds: number[];
}

export interface ChaosStack {
  redis: RestartableRedis;
  simulator: RunningSimulator;
  slack: FakeSlack;
  client: Redis;
  keys: Keyspace;
  bots: BotProcess[];
  pollIntervalSeconds: number;
  team(key: string): ChaosTeam;
  /** The monitor fails; resolves with its incident id and the time just before the call. */
  fail(monitorId: number): Promise<{ incidentId: string; at: number }>;
  /** The monitor recovers; resolves with the time just before the call. */
  recover(monitorId: number): Promise<number>;
  /** POST/DELETE /__simulator/faults. */
  apiFault(fault: { status: number; durationMs: number; token?: string } | null): Promise<void>;
  /** POST/DELETE /__fake-slack/faults. */
  slackFault(fault: SlackFaultInput | null): Promise<void>;
  archiveChannel(channel: string): Promise<void>;
  /** `/uptime subscribe` in each channel by the team's owner; resolves once every target has its baseline. */
  subscribe(team: ChaosTeam, channels?: readonly string[]): Promise<void>;
  /** Subscription ids of a channel (from the index, without reading the records). */
  subscriptionIds(channel: string): Promise<string[]>;
  /** Subscriptions of these channels with a `paused` field. */
  pausedCount(channels: readonly string[]): Promise<number>;
  /** Whether the owner's link still holds a token (false: a new `/uptime login` is needed). */
  linkKept(team: ChaosTeam): Promise<boolean>;
  /** Web API answers the fake Slack gave since `since` (ms) that `match` picks. */
  slackAnswers(
    since: number,
    match: (call: { method: string; status: number; error: unknown; stalled: boolean }) => boolean,
  ): number;
  /** Service answers with this status since `since`, from the simulator's request log (its last 1,000). */
  apiAnswers(since: number, status: number): Promise<number>;
  /** Every message of a channel, thread replies included. */
  messages(channel: string): StoredMessage[];
  close(): Promise<void>;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(
  what: string,
  probe: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${body}`);
  return body ? JSON.parse(body) : undefined;
}

export async function startChaosStack(options: {
  teams: readonly TeamPlan[];
  bots: number;
  pollIntervalSeconds: number;
  /** Names the bots' logs: test-output/<name>-bot-<n>.log. */
  name: string;
  /**
   * SLACK_ALERT_CALL_TIMEOUT_MS and ALERT_POST_SETTLE_MS of the bots (the settle longer than the timeout,
   * as config/config.ts requires); unset, the product's 10 s and 30 s.
   */
  slackTiming?: { callTimeoutMs: number; postSettleMs: number };
}): Promise<ChaosStack> {
  const teams = new Map<string, ChaosTeam>();
  for (const plan of options.teams) {
    const key = plan.key.toUpperCase();
    teams.set(plan.key, {
      key: plan.key,
      apiTeamId: "",
      token: `chaos-owner-token-${plan.key}`,
      slackUser: `U0OWN${key}`,
      channels: Array.from({ length: plan.channels }, (_, i) => `C0${key}${pad(i + 1, 3)}`),
      monitorIds: [],
    });
  }
  const started: { close(): Promise<void> }[] = [];
  const closeAll = async () => {
    for (const part of started.reverse()) await part.close().catch(() => undefined);
  };
  try {
    const redis = await startRestartableRedis();
    started.push(redis);
    const simulator = await startSimulator({ seed: "empty", autoChecks: false });
    started.push(simulator);
    const seed = await expectOk(
      await fetch(`${simulator.url}/__simulator/seed`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          teams: options.teams.map((plan) => ({
            name: `Chaos ${plan.key}`,
            users: [{ firstName: `Owner${plan.key}`, token: teams.get(plan.key)!.token, role: "owner" }],
            monitors: Array.from({ length: plan.monitors }, (_, m) => ({ name: `svc-${plan.key}-${m + 1}` })),
          })),
        }),
      }),
      "the simulator's seed",
    );
    const seeded = (seed as { teams: { id: number; users: { id: number }[]; monitors: { id: number }[] }[] })
      .teams;
    const users = options.teams.map((plan) => ({
      id: teams.get(plan.key)!.slackUser,
      name: `owner-${plan.key}`,
      realName: `Owner ${plan.key}`,
    }));
    const slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      botUserId: BOT_USER,
      teamId: SLACK_TEAM,
      users,
      channels: [...teams.values()].flatMap((team) =>
        team.channels.map((id) => ({ id, name: id.toLowerCase(), members: [team.slackUser, BOT_USER] })),
      ),
      usergroups: [],
    });
    started.push(slack);

    const tokenEncryptionKey = generateKey();
    const env = {
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      UPTIME_API_URL: simulator.url,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
      ALERT_WORKERS: "1",
      POLL_INTERVAL_SECONDS: String(options.pollIntervalSeconds),
      LOG_LEVEL: "info",
      ...(options.slackTiming
        ? {
            SLACK_ALERT_CALL_TIMEOUT_MS: String(options.slackTiming.callTimeoutMs),
            ALERT_POST_SETTLE_MS: String(options.slackTiming.postSettleMs),
          }
        : {}),
    };
    // In parallel: each child spends seconds compiling TypeScript.
    const bots = await Promise.all(
      Array.from({ length: options.bots }, (_, n) =>
        startBotProcess({ name: `${options.name}-bot-${n + 1}`, env }),
      ),
    );
    started.push({ close: async () => void (await Promise.all(bots.map((bot) => bot.kill()))) });
    // Slash commands go to the first bot: a scenario that kills one kills the last.
    slack.setAppUrl(`${bots[0]!.url}/slack/events`);

    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    // Scenario (e) restarts Redis on purpose: the client reconnects by itself, and its connection errors
    // meanwhile are expected, not something to print (ioredis prints an error nobody listens to).
    client.on("error", () => {});
    started.push({ close: async () => client.disconnect() });
    const keys = keyspace(KEY_PREFIX);
    const links = new LinkStore({ redis: client, keys, cipher: TokenCipher.fromSetting(tokenEncryptionKey) });
    // Linked as `/uptime login` would leave it (the login flow has tests of its own).
    for (const [i, plan] of options.teams.entries()) {
      const team = teams.get(plan.key)!;
      const api = seeded[i]!;
      team.apiTeamId = String(api.id);
      team.monitorIds = api.monitors.map((m) => m.id);
      await links.save({ teamId: SLACK_TEAM, userId: team.slackUser }, team.token, {
        apiUserId: String(api.users[0]!.id),
        apiUserName: `Owner${plan.key}`,
        teams: [{ id: team.apiTeamId, name: `Chaos ${plan.key}`, role: "owner" }],
      });
    }
    const subscriptions = new SubscriptionStore({ redis: client, keys });
    const scheduler = new PollTargetStore({ redis: client, keys });
    const ws = workspaceKey({ teamId: SLACK_TEAM });
    const simulatorPost = async (path: string, body?: unknown) =>
      expectOk(
        await fetch(`${simulator.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body ?? {}),
        }),
        path,
      );
    const botMessages = (channel: string) =>
      slack.state.channelMessages(channel).filter((m) => m.user === BOT_USER || m.bot_id !== undefined);

    return {
      redis,
      simulator,
      slack,
      client,
      keys,
      bots,
      pollIntervalSeconds: options.pollIntervalSeconds,
      team(key) {
        const team = teams.get(key);
        if (!team) throw new Error(`no team planned for scenario ${key}`);
        return team;
      },
      async fail(monitorId) {
        const at = Date.now();
        const answer = (await simulatorPost(`/__simulator/monitors/${monitorId}/fail`, {
          reason: `Chaos outage of ${monitorId}`,
        })) as { data?: { id: string | number } };
        if (answer.data?.id === undefined) throw new Error(`monitor ${monitorId} opened no incident`);
        return { incidentId: String(answer.data.id), at };
      },
      async recover(monitorId) {
        const at = Date.now();
        await simulatorPost(`/__simulator/monitors/${monitorId}/recover`);
        return at;
      },
      async apiFault(fault) {
        if (fault) await simulatorPost("/__simulator/faults", fault);
        else
          await expectOk(
            await fetch(`${simulator.url}/__simulator/faults`, { method: "DELETE" }),
            "clearing the API fault",
          );
      },
      async slackFault(fault) {
        await expectOk(
          await fetch(`${slack.url}/__fake-slack/faults`, {
            method: fault ? "POST" : "DELETE",
            ...(fault ? { body: JSON.stringify(fault) } : {}),
          }),
          "the fake Slack's fault route",
        );
      },
      async archiveChannel(channel) {
        await expectOk(
          await fetch(`${slack.url}/__fake-slack/channels/${channel}/archive`, { method: "POST" }),
          `archiving ${channel}`,
        );
      },
      async subscribe(team, channels = team.channels) {
        // The real `/uptime subscribe`, a few at a time; its answer is a summary posted in the channel.
        for (let i = 0; i < channels.length; i += 6) {
          await Promise.all(
            channels.slice(i, i + 6).map(async (channel) => {
              const result = await slack.sender.slashCommand({
                userId: team.slackUser,
                channelId: channel,
                text: "subscribe",
              });
              if (result.status !== 200) throw new Error(`subscribe in ${channel} answered ${result.status}`);
            }),
          );
        }
        await until(
          `every channel of ${team.key} got its subscribe summary`,
          () => channels.every((channel) => botMessages(channel).length >= 1),
          30_000,
        );
        // The summary is posted before the subscription is stored (services/subscribe.ts: the post is the proof
        // that the app may post there), so the store is waited for too, channel by channel.
        await until(
          `every channel of ${team.key} has its subscription stored`,
          async () =>
            (
              await Promise.all(
                channels.map((channel) => subscriptions.listByChannel({ teamId: SLACK_TEAM }, channel)),
              )
            ).every((subs) => subs.length > 0),
          30_000,
        );
        // The first poll of a target is a baseline: an outage before it would be summarised, not alerted.
        const targets = new Set<string>();
        for (const channel of channels) {
          for (const sub of await subscriptions.listByChannel({ teamId: SLACK_TEAM }, channel)) {
            targets.add(sub.target);
          }
        }
        await until(
          `the poll targets of ${team.key} have their baseline`,
          async () =>
            (await Promise.all([...targets].map((t) => scheduler.inspect(t)))).every(
              (info) => info?.state != null,
            ),
          30_000,
        );
      },
      subscriptionIds: (channel) => client.smembers(keys.subscriptionsByChannel(ws, channel)),
      async pausedCount(channels) {
        let paused = 0;
        for (const channel of channels) {
          for (const id of await client.smembers(keys.subscriptionsByChannel(ws, channel))) {
            if (await client.hexists(keys.subscription(id), "paused")) paused++;
          }
        }
        return paused;
      },
      async linkKept(team) {
        return (await links.getToken({ teamId: SLACK_TEAM, userId: team.slackUser })) !== null;
      },
      slackAnswers: (since, match) =>
        slack.state.calls.filter(
          (call) =>
            call.at >= since &&
            match({
              method: call.method,
              status: call.status,
              error: call.result.error,
              stalled: call.stalledMs !== undefined,
            }),
        ).length,
      async apiAnswers(since, status) {
        const log = (await expectOk(
          await fetch(`${simulator.url}/__simulator/requests?limit=1000`),
          "the simulator's request log",
        )) as { requests: { at: string; status: number }[] };
        return log.requests.filter((r) => r.status === status && Date.parse(r.at) >= since).length;
      },
      messages: (channel) => slack.state.conversation(channel)?.messages ?? [],
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
