/**
 * `npx tsx bench/bolt-dispatch.ts [--rounds 3]`: Bolt's own CPU per slash command (App.processEvent, no
 * HTTP), by how the app reaches its handlers: six Bolt listeners (one per surface, as the bot had them
 * until 2026-11-27), one listener (the floor app of `npm run bench -- commands`), and the bot's one
 * routing middleware (src/listeners/surface-routes.ts) with a handler on each of the six surfaces.
 * Bolt runs every listener's middleware chain on every request, matched or not (issue 13). Alternated,
 * in one process; not judged.
 */
import { App, type Receiver } from "@slack/bolt";
import { routeRequests, SurfaceRoutes } from "../src/listeners/surface-routes";
import { fmt } from "./measure";

const COMMANDS = 20_000;
const WARMUP = 3_000;
const at = process.argv.indexOf("--rounds");
const ROUNDS = at >= 0 ? Number(process.argv[at + 1]) : 3;

const receiver: Receiver = { init() {}, start: async () => {}, stop: async () => {} };
const ack = async () => {};

function app(): App {
  return new App({
    receiver,
    // No auth.test: the request's authorization is a constant.
    authorize: async () => ({ botToken: "xoxb-bench", botId: "B1", botUserId: "U0BOT" }),
    convoStore: false,
  });
}

const layouts: Record<string, () => App> = {
  "six listeners": () => {
    const a = app();
    a.command("/uptime", async ({ ack }) => ack());
    a.action(/^(?:share|details)$/, async ({ ack }) => ack());
    a.view(/^(?:login|create_monitor)$/, async ({ ack }) => ack());
    a.event(/^(?:app_home_opened|app_uninstalled)$/, async () => {});
    a.shortcut("create_monitor", async ({ ack }) => ack());
    a.options({ type: "block_suggestion", action_id: "group" }, async ({ ack }) => ack());
    return a;
  },
  "one listener": () => {
    const a = app();
    a.command("/uptime", async ({ ack }) => ack());
    return a;
  },
  "one routing middleware": () => {
    const a = app();
    const routes = new SurfaceRoutes();
    routes.commands.set("/uptime", async ({ ack }) => ack());
    routes.actions.set("share", async ({ ack }) => ack());
    routes.views.set("login", async ({ ack }) => ack());
    routes.events.set("app_home_opened", async () => {});
    routes.shortcuts.set("create_monitor", async ({ ack }) => ack());
    routes.suggestions.set("group", async ({ ack }) => ack());
    a.use(routeRequests(routes));
    return a;
  },
};

const body = {
  token: "t",
  team_id: "T0001",
  user_id: "U0ALICE",
  channel_id: "C0GENERAL",
  command: "/uptime",
  text: "status",
  response_url: "http://127.0.0.1:9/response/1",
  trigger_id: "1.2.3",
  api_app_id: "A0001",
};

async function send(target: App, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await target.processEvent({ body: { ...body }, ack, retryNum: undefined } as never);
}

const apps = Object.fromEntries(Object.entries(layouts).map(([name, make]) => [name, make()]));
for (const target of Object.values(apps)) await send(target, WARMUP);
for (let round = 1; round <= ROUNDS; round++) {
  const line: string[] = [];
  for (const [name, target] of Object.entries(apps)) {
    const before = process.cpuUsage();
    await send(target, COMMANDS);
    const used = process.cpuUsage(before);
    line.push(`${name} ${fmt((used.user + used.system) / COMMANDS, 1)} µs`);
  }
  console.log(`round ${round}: Bolt's CPU per /uptime command: ${line.join(", ")}`);
}
