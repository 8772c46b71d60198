/**
 * `npx tsx bench/bolt-registration-ab.ts [--rounds 5]`: Bolt's own CPU per request (App.processEvent, no
 * HTTP, no-op handlers) for the bot's real route tables reached two ways, on the same payloads: every
 * handler registered with Bolt's own `app.command`/`app.action`/`app.view`/`app.event`/`app.shortcut`/
 * `app.options`/`app.function`, and the bot's one routing middleware (src/listeners/surface-routes.ts).
 * Alternated in one process, per payload: a `/uptime` command, a block action, a view submission and an
 * `app_home_opened` event. Not judged: docs/architecture.md section 2 quotes it.
 */
import { App, type Receiver } from "@slack/bolt";
import * as actions from "../src/listeners/actions";
import * as commands from "../src/listeners/commands";
import * as events from "../src/listeners/events";
import * as functions from "../src/listeners/functions";
import type { ListenerDeps } from "../src/listeners/listener-deps";
import * as options from "../src/listeners/options";
import * as shortcuts from "../src/listeners/shortcuts";
import { routeRequests, SurfaceRoutes } from "../src/listeners/surface-routes";
import * as views from "../src/listeners/views";
import { actions as actionIds, views as viewIds } from "../src/ui/ids";
import { fmt } from "./measure";

const REQUESTS = 10_000;
const WARMUP = 2_000;
const at = process.argv.indexOf("--rounds");
const ROUNDS = at >= 0 ? Number(process.argv[at + 1]) : 5;

// The bot's tables, as registerListeners fills them; only their keys are used (the handlers are no-ops
// here), so the dependencies are a stand-in that is never called.
const stand: unknown = new Proxy(() => stand, { get: () => stand, apply: () => stand });
const real = new SurfaceRoutes();
for (const surface of [commands, actions, views, events, shortcuts, options, functions])
  surface.register(real, stand as ListenerDeps);

const receiver: Receiver = { init() {}, start: async () => {}, stop: async () => {} };
const app = () =>
  new App({
    receiver,
    authorize: async () => ({ botToken: "xoxb-bench", botId: "B1", botUserId: "U0BOT" }),
    convoStore: false,
  });
// Each handler counts its calls: a request that reaches none would measure nothing.
let handled = 0;
const acked = async ({ ack }: { ack: () => Promise<void> }) => {
  handled++;
  await ack();
};
const quiet = async () => {
  handled++;
};

const layouts: Record<string, () => App> = {
  "Bolt's registration": () => {
    const a = app();
    for (const name of real.commands.keys()) a.command(name, acked);
    for (const id of real.actions.keys()) a.action(id, acked);
    for (const id of real.views.keys()) a.view(id, acked);
    for (const type of real.events.keys()) a.event(type, quiet);
    for (const id of real.shortcuts.keys()) a.shortcut(id, acked);
    for (const id of real.suggestions.keys()) a.options({ type: "block_suggestion", action_id: id }, acked);
    for (const id of real.functions.keys()) a.function(id, quiet);
    return a;
  },
  "one routing middleware": () => {
    const a = app();
    const routes = new SurfaceRoutes();
    for (const name of real.commands.keys()) routes.commands.set(name, acked);
    for (const id of real.actions.keys()) routes.actions.set(id, acked);
    for (const id of real.views.keys()) routes.views.set(id, acked);
    for (const type of real.events.keys()) routes.events.set(type, quiet);
    for (const id of real.shortcuts.keys()) routes.shortcuts.set(id, acked);
    for (const id of real.suggestions.keys()) routes.suggestions.set(id, acked);
    for (const id of real.functions.keys()) routes.functions.set(id, quiet);
    a.use(routeRequests(routes));
    return a;
  },
};

const team = { id: "T0001", domain: "acme" };
const user = { id: "U0ALICE", username: "alice", name: "alice", team_id: "T0001" };
const payloads: Record<string, () => Record<string, unknown>> = {
  command: () => ({
    token: "t",
    team_id: "T0001",
    user_id: "U0ALICE",
    channel_id: "C0GENERAL",
    command: "/uptime",
    text: "status",
    response_url: "http://127.0.0.1:9/response/1",
    trigger_id: "1.2.3",
    api_app_id: "A0001",
  }),
  action: () => ({
    type: "block_actions",
    team,
    user,
    api_app_id: "A0001",
    token: "t",
    trigger_id: "1.2.3",
    channel: { id: "C0GENERAL", name: "general" },
    response_url: "http://127.0.0.1:9/response/1",
    actions: [{ type: "button", action_id: actionIds.share, block_id: "b", value: "v", action_ts: "1.2" }],
  }),
  view: () => ({
    type: "view_submission",
    team,
    user,
    api_app_id: "A0001",
    token: "t",
    trigger_id: "1.2.3",
    view: {
      id: "V1",
      type: "modal",
      callback_id: viewIds.login,
      private_metadata: "",
      state: { values: {} },
    },
  }),
  event: () => ({
    type: "event_callback",
    team_id: "T0001",
    api_app_id: "A0001",
    token: "t",
    event_id: "Ev1",
    event_time: 1,
    authorizations: [{ team_id: "T0001", user_id: "U0BOT", is_bot: true, is_enterprise_install: false }],
    event: { type: "app_home_opened", user: "U0ALICE", channel: "D1", tab: "home", event_ts: "1.2" },
  }),
};

const ack = async () => {};
async function send(target: App, payload: () => Record<string, unknown>, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await target.processEvent({ body: payload(), ack, retryNum: undefined } as never);
}

const count = Object.values(real).reduce((n, table: Map<string, unknown>) => n + table.size, 0);
console.log(`the bot's route tables: ${count} handlers`);
const apps = Object.fromEntries(Object.entries(layouts).map(([name, make]) => [name, make()]));
for (const target of Object.values(apps))
  for (const payload of Object.values(payloads)) await send(target, payload, WARMUP);
for (let round = 1; round <= ROUNDS; round++) {
  for (const [kind, payload] of Object.entries(payloads)) {
    const line: string[] = [];
    for (const [name, target] of Object.entries(apps)) {
      const [before, handledBefore] = [process.cpuUsage(), handled];
      await send(target, payload, REQUESTS);
      const used = process.cpuUsage(before);
      if (handled - handledBefore !== REQUESTS) throw new Error(`${name}: ${kind} reached no handler`);
      line.push(`${name} ${fmt((used.user + used.system) / REQUESTS, 1)} µs`);
    }
    console.log(`round ${round}, ${kind}: Bolt's CPU per request: ${line.join(", ")}`);
  }
}
