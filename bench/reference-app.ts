/**
 * The two reference apps of `npm run bench -- commands`, each run as its own process with the bot's
 * receiver settings (signature check, ack before the work):
 * - no-op (`--noop`): acks and does nothing. The limit for the ack.
 * - floor (`--floor`): acks, makes the 4 API calls of `status` with the demo owner's token, and posts one
 *   line to the response_url. No link lookup, no rendering, one listener: what any bot that answers this
 *   way must spend. The bot's goals `commands-vs-floor` and `app-cpu-vs-floor` are judged against it.
 * - floor + link (`--floor-link`): the floor, with the caller's token read from their link in Redis for
 *   every command (LinkStore.getWithToken without kept reads: one Redis round trip, the record's JSON decoded
 *   once, AES-GCM once) instead of a constant, as the bot reads it on a Redis Cluster. Not judged: it measures
 *   what the link read costs; on one Redis the bot keeps links until Redis says they changed.
 * - floor + shares (`--floor-shares`): the floor, with the two Redis scripts issue 36 adds to every command:
 *   the person's fair share (FairShareStore.take, one script) and the token's API budget for the four calls
 *   started together (ApiBudgetStore.take, one script), with limits nobody reaches, as the bench runs the bot.
 *   Not judged: it measures what the shares cost any bot that keeps them in Redis so that replicas agree.
 * Compiled and run like the bot (bench/compiled.ts), so that the two differ in their own code only.
 *
 * Environment: PORT, SLACK_API_URL, UPTIME_API_URL (floor), REDIS_URL (floor + link, floor + shares) and
 * TOKEN_ENCRYPTION_KEY (floor + link).
 */
import { App, HTTPReceiver, LogLevel, type SlashCommand } from "@slack/bolt";
import { DEMO_TOKENS } from "../dev/simulator";
import { silentLogger } from "../src/lib/logger";
import { respondTo } from "../src/slack/respond-to";
import { type UptimeApi, UptimeClient } from "../src/uptime";

export const REFERENCE_SIGNING_SECRET = "bench-signing-secret";
export const REFERENCE_BOT_TOKEN = "xoxb-bench-bot";

/** The API calls of `/uptime status` (src/services/get-status.ts), in parallel, for the demo team. */
export const statusCalls = (api: UptimeApi) =>
  Promise.all([
    api.teams.get("1"),
    api.teams.monitors("1", { filter: { state: "down" } }),
    api.teams.incidents("1", { include: ["monitor"] }),
    api.status.get(),
  ]);

type Mode = "noop" | "floor" | "floor-link" | "floor-shares";

/** For floor + shares: the two scripts a command of the bot runs before its API calls (issue 36). */
async function sharesOf(mode: Mode): Promise<((command: SlashCommand) => Promise<void>) | undefined> {
  if (mode !== "floor-shares") return undefined;
  const [{ Redis }, { keyspace }, { TokenBuckets }, { FairShareStore }, { ApiBudgetStore }] =
    await Promise.all([
      import("ioredis"),
      import("../src/store/keys"),
      import("../src/store/token-buckets"),
      import("../src/store/fair-share-store"),
      import("../src/store/api-budget-store"),
    ]);
  const buckets = new TokenBuckets({ redis: new Redis(process.env.REDIS_URL ?? "") });
  const keys = keyspace("floor:");
  const lifted = 1_000_000;
  const fairShare = new FairShareStore({
    buckets,
    keys,
    limits: { commandsPerMinute: lifted, commandBurst: lifted, chartsPerMinute: lifted, chartBurst: lifted },
  });
  const budget = new ApiBudgetStore({ buckets, keys, limits: { perSecond: lifted } });
  return async (command) => {
    const share = await fairShare.take({ teamId: command.team_id, userId: command.user_id }, "command");
    const calls = await budget.take(DEMO_TOKENS.owner, 2000, 4);
    if (!share.ok || !calls.ok) throw new Error("a lifted share refused");
  };
}

/** The API as the caller: the demo owner's, made once, for the floor; for floor + link, from their link. */
async function apiSource(
  mode: Mode,
  client: UptimeClient,
): Promise<(command: SlashCommand) => Promise<UptimeApi>> {
  if (mode !== "floor-link") {
    const api = client.as(DEMO_TOKENS.owner);
    return async () => api;
  }
  // Imported here, so that the other modes do not load ioredis (their RSS is the bot's reference).
  const [{ Redis }, { LinkStore }, { keyspace }, { TokenCipher }] = await Promise.all([
    import("ioredis"),
    import("../src/store/link-store"),
    import("../src/store/keys"),
    import("../src/store/crypto/token-cipher"),
  ]);
  const links = new LinkStore({
    redis: new Redis(process.env.REDIS_URL ?? ""),
    keys: keyspace(),
    cipher: TokenCipher.fromSetting(process.env.TOKEN_ENCRYPTION_KEY),
  });
  return async (command) => {
    const found = await links.getWithToken({ teamId: command.team_id, userId: command.user_id });
    if (!found?.token) throw new Error(`no usable link for ${command.user_id}`);
    return client.as(found.token);
  };
}

async function referenceServer(mode: Mode): Promise<void> {
  const receiver = new HTTPReceiver({
    signingSecret: REFERENCE_SIGNING_SECRET,
    endpoints: "/slack/events",
    processBeforeResponse: false,
    logLevel: LogLevel.ERROR,
    customRoutes: [
      { path: "/healthz", method: ["GET"], handler: (_req, res) => res.writeHead(200).end("ok") },
    ],
  });
  const app = new App({
    receiver,
    token: REFERENCE_BOT_TOKEN,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  });
  if (mode === "noop") {
    app.command("/uptime", async ({ ack }) => {
      await ack();
    });
  } else {
    const client = new UptimeClient({ baseUrl: process.env.UPTIME_API_URL ?? "", logger: silentLogger });
    const apiOf = await apiSource(mode, client);
    const shares = await sharesOf(mode);
    app.command("/uptime", async ({ ack, command }) => {
      await ack();
      await shares?.(command);
      const [team, down, incidents, service] = await statusCalls(await apiOf(command));
      const open = incidents.items.filter((i) => i.open).length;
      await respondTo(command.response_url)({
        response_type: "ephemeral",
        text: `${team.name}: ${down.items.length} down, ${open} open incidents, service ${service.status}`,
      });
    });
  }
  await app.start(Number(process.env.PORT));
  process.once("SIGTERM", () => app.stop().then(() => process.exit(0)));
}

const modes: Mode[] = ["noop", "floor", "floor-link", "floor-shares"];
const mode = modes.find((m) => process.argv.includes(`--${m}`));
if (mode) await referenceServer(mode);
