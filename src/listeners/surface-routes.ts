import type {
  AllMiddlewareArgs,
  AnyMiddlewareArgs,
  BlockAction,
  Middleware,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from "@slack/bolt";

type Handler<A> = (args: A & AllMiddlewareArgs) => Promise<void>;
export type CommandHandler = Handler<SlackCommandMiddlewareArgs>;
export type ActionHandler = Handler<SlackActionMiddlewareArgs<BlockAction>>;
export type ViewHandler = Handler<SlackViewMiddlewareArgs<ViewSubmitAction>>;
export type EventHandler = Handler<SlackEventMiddlewareArgs>;
export type ShortcutHandler = Handler<SlackShortcutMiddlewareArgs>;
export type SuggestionHandler = Handler<SlackOptionsMiddlewareArgs<"block_suggestion">>;
export type FunctionHandler = Handler<SlackEventMiddlewareArgs<"function_executed">>;

/**
 * Every handler of every surface, by the id Slack sends: each surface's index.ts fills its own table.
 * The tables say what Bolt's `app.command(name)`, `app.action(action_id)`, `app.view(callback_id)`
 * (submissions), `app.event(type)`, `app.shortcut(callback_id)`, `app.options({ type:
 * "block_suggestion", action_id })` and `app.function(callback_id)` would match.
 */
export class SurfaceRoutes {
  /** By command name (`/uptime`). */
  readonly commands = new Map<string, CommandHandler>();
  /** By action_id. */
  readonly actions = new Map<string, ActionHandler>();
  /** view_submission by the view's callback_id. */
  readonly views = new Map<string, ViewHandler>();
  /** By event type. */
  readonly events = new Map<string, EventHandler>();
  /** Global and message shortcuts by callback_id. */
  readonly shortcuts = new Map<string, ShortcutHandler>();
  /** block_suggestion (external selects) by action_id. */
  readonly suggestions = new Map<string, SuggestionHandler>();
  /** function_executed (Workflow Builder steps) by the function's callback_id, as `app.function(id)` matches. */
  readonly functions = new Map<string, FunctionHandler>();
}

type Args = AnyMiddlewareArgs & AllMiddlewareArgs;

/** The handler a request goes to, with the arguments it takes; null when no surface handles it. */
export function routeOf(routes: SurfaceRoutes, args: Args): (() => Promise<void>) | null {
  const to = <A>(handler: Handler<A> | undefined) =>
    handler ? () => handler(args as unknown as A & AllMiddlewareArgs) : null;
  // Bolt sets exactly one of these aliases of the payload, by the request's type.
  if ("command" in args && args.command) return to(routes.commands.get(args.command.command));
  if ("action" in args && args.action) {
    const actionId = (args.action as { action_id?: unknown }).action_id;
    return typeof actionId === "string" ? to(routes.actions.get(actionId)) : null;
  }
  if ("view" in args && args.view) {
    return args.body.type === "view_submission" ? to(routes.views.get(args.view.callback_id)) : null;
  }
  if ("event" in args && args.event) {
    const event = args.event as { type: string; function?: { callback_id?: unknown } };
    if (event.type === "function_executed") {
      const callbackId = event.function?.callback_id;
      return typeof callbackId === "string" ? to(routes.functions.get(callbackId)) : null;
    }
    return to(routes.events.get(event.type));
  }
  if ("shortcut" in args && args.shortcut) return to(routes.shortcuts.get(args.shortcut.callback_id));
  if ("options" in args && args.options) {
    const body = args.body as { type?: unknown; action_id?: unknown };
    return body.type === "block_suggestion" && typeof body.action_id === "string"
      ? to(routes.suggestions.get(body.action_id))
      : null;
  }
  return null;
}

/**
 * ONE global middleware that hands each request to its handler, in place of a Bolt listener per surface:
 * Bolt runs every registered listener's middleware chain on every request (a copy of the chain, a spread
 * of the arguments and promises per listener, matched or not); what that saves is measured in
 * docs/architecture.md. A request no surface handles is
 * left alone, as an unmatched listener leaves it (not acknowledged); a handler's error reaches
 * `app.error` as a listener's does.
 */
export function routeRequests(routes: SurfaceRoutes): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    await routeOf(routes, args)?.();
  };
}
