import type { AllMiddlewareArgs, AnyMiddlewareArgs } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { routeOf, SurfaceRoutes } from "../../../src/listeners/surface-routes";

type Args = AnyMiddlewareArgs & AllMiddlewareArgs;

/** Routes whose every handler records its name and the arguments it was handed. */
function recordingRoutes() {
  const routes = new SurfaceRoutes();
  const calls: [string, unknown][] = [];
  const handler = (name: string) => async (args: unknown) => {
    calls.push([name, args]);
  };
  routes.commands.set("/uptime", handler("command"));
  routes.actions.set("share", handler("action"));
  routes.views.set("login", handler("view"));
  routes.events.set("app_home_opened", handler("event"));
  routes.shortcuts.set("create_monitor", handler("shortcut"));
  routes.suggestions.set("group", handler("suggestion"));
  routes.functions.set("get_monitor_status", handler("function"));
  return { routes, calls };
}

// The aliases Bolt sets on a request's arguments, by its type (App.processEvent).
const requests: Record<string, Record<string, unknown>> = {
  command: { command: { command: "/uptime" }, body: {} },
  action: { action: { action_id: "share" }, body: { type: "block_actions" } },
  view: { view: { callback_id: "login" }, body: { type: "view_submission" } },
  event: { event: { type: "app_home_opened" }, body: { type: "event_callback" } },
  shortcut: { shortcut: { callback_id: "create_monitor" }, body: { type: "shortcut" } },
  suggestion: { options: {}, body: { type: "block_suggestion", action_id: "group" } },
  // A workflow step: an event, routed by its function's callback_id as app.function() matches it.
  function: {
    event: { type: "function_executed", function: { callback_id: "get_monitor_status" } },
    body: { type: "event_callback" },
  },
};

describe("routeOf", () => {
  it.each(Object.keys(requests))(
    "hands a %s to the handler of its id, with the request's arguments",
    async (kind) => {
      const { routes, calls } = recordingRoutes();
      const args = requests[kind] as unknown as Args;
      await routeOf(routes, args)?.();
      expect(calls).toEqual([[kind, args]]);
    },
  );

  it("leaves alone what no surface handles, as Bolt leaves a request no listener matches", () => {
    const { routes } = recordingRoutes();
    const unrouted: Record<string, unknown>[] = [
      { command: { command: "/other" }, body: {} },
      { action: { action_id: "unknown" }, body: { type: "block_actions" } },
      // A legacy interactive message's action has a name, not an action_id.
      { action: { name: "share" }, body: { type: "interactive_message" } },
      // Only submissions: a closed modal is not one.
      { view: { callback_id: "login" }, body: { type: "view_closed" } },
      { event: { type: "message" }, body: { type: "event_callback" } },
      { shortcut: { callback_id: "other" }, body: { type: "shortcut" } },
      { options: {}, body: { type: "dialog_suggestion", action_id: "group" } },
      // Another app function, and one without a callback_id: not ours, never an event handler's.
      { event: { type: "function_executed", function: { callback_id: "other" } }, body: {} },
      { event: { type: "function_executed" }, body: {} },
      { body: {} },
    ];
    for (const args of unrouted) expect(routeOf(routes, args as unknown as Args)).toBeNull();
  });
});
