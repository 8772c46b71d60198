import { type Args, jsonArg, stringArg } from "../args";
import { viewProblems } from "../block-validation";
import { SlackApiError } from "../errors";
import { slackId, viewHash } from "../ids";
import type { ViewLocation } from "../state";
import type { SlackView } from "../types";
import { keptState, toSlackView } from "../view-model";
import type { MethodContext, MethodTable } from "./context";

/** Slack: a modal stack holds the root and at most 2 pushed views. */
export const MAX_MODAL_STACK = 3;

/** The `view` argument, validated; Slack reports view problems as invalid_arguments with pointers. */
function viewArg(args: Args, allowedTypes: readonly string[]): Record<string, unknown> {
  const view = jsonArg(
    args,
    "view",
    () => new SlackApiError("invalid_arguments", ["[ERROR] invalid JSON [json-pointer:/view]"]),
  );
  if (view === undefined) {
    throw new SlackApiError("invalid_arguments", ["[ERROR] missing required field: view"]);
  }
  const problems = viewProblems(view, allowedTypes);
  if (problems.length > 0) throw new SlackApiError("invalid_arguments", problems);
  return view as Record<string, unknown>;
}

function exchangeTrigger(args: Args, ctx: MethodContext): string {
  const trigger = stringArg(args, "trigger_id") ?? stringArg(args, "interactivity_pointer");
  if (trigger === undefined) {
    throw new SlackApiError("invalid_arguments", ["[ERROR] missing required field: trigger_id"]);
  }
  return ctx.triggers.exchange(trigger);
}

/** external_id must be unique among the team's views. */
function checkExternalId(ctx: MethodContext, raw: Record<string, unknown>, exceptViewId?: string): void {
  const externalId = raw.external_id;
  if (typeof externalId !== "string" || externalId === "") return;
  const existing = ctx.state.findViewByExternalId(externalId);
  if (existing && existing.view.id !== exceptViewId) throw new SlackApiError("duplicate_external_id");
}

function newView(
  ctx: MethodContext,
  raw: Record<string, unknown>,
  ids: { id?: string; root?: string | null; previous?: string | null; state?: SlackView["state"] },
): SlackView {
  const id = ids.id ?? slackId("V");
  return toSlackView(raw, {
    id,
    teamId: ctx.config.teamId,
    appId: ctx.config.appId,
    botId: ctx.config.botId,
    hash: viewHash(ctx.clock.now()),
    rootViewId: ids.root === undefined ? id : ids.root,
    previousViewId: ids.previous ?? null,
    ...(ids.state ? { state: ids.state } : {}),
  });
}

/** views.update and a response_action "update": same id, new content and hash. */
export function replacedView(
  ctx: MethodContext,
  location: ViewLocation,
  raw: Record<string, unknown>,
): SlackView {
  const previous = location.view;
  const view = newView(ctx, raw, {
    id: previous.id,
    root: previous.root_view_id,
    previous: previous.previous_view_id,
    state: keptState(previous, Array.isArray(raw.blocks) ? raw.blocks : []),
  });
  if (view.external_id === "") view.external_id = previous.external_id;
  return view;
}

/** views.push and a response_action "push": on top of the user's stack, at most 3 views deep. */
export function pushedView(ctx: MethodContext, user: string, raw: Record<string, unknown>): SlackView {
  const stack = ctx.state.modalStack(user);
  const top = stack[stack.length - 1];
  // Assumption: pushing with no open modal is refused like an unknown view.
  if (!top) throw new SlackApiError("not_found");
  if (stack.length >= MAX_MODAL_STACK) throw new SlackApiError("push_limit_reached");
  return newView(ctx, raw, { root: stack[0]?.id ?? top.id, previous: top.id });
}

export const viewsMethods: MethodTable = {
  "views.open": {
    token: "bot",
    handle(args, ctx) {
      const raw = viewArg(args, ["modal"]);
      const user = exchangeTrigger(args, ctx);
      checkExternalId(ctx, raw);
      const view = newView(ctx, raw, {});
      ctx.state.openModal(user, view);
      return { view };
    },
  },

  "views.push": {
    token: "bot",
    handle(args, ctx) {
      const raw = viewArg(args, ["modal"]);
      const user = exchangeTrigger(args, ctx);
      checkExternalId(ctx, raw);
      const view = pushedView(ctx, user, raw);
      ctx.state.pushModal(user, view);
      return { view };
    },
  },

  "views.update": {
    token: "bot",
    handle(args, ctx) {
      const viewId = stringArg(args, "view_id");
      const externalId = stringArg(args, "external_id");
      if (viewId === undefined && externalId === undefined) {
        throw new SlackApiError("invalid_arguments", ["[ERROR] either view_id or external_id is required"]);
      }
      const location =
        viewId !== undefined ? ctx.state.findView(viewId) : ctx.state.findViewByExternalId(externalId ?? "");
      // Slack's views.update answers `not_found` for an unknown view_id or external_id.
      if (!location) throw new SlackApiError("not_found");
      const raw = viewArg(args, [location.view.type]);
      const hash = stringArg(args, "hash");
      if (hash !== undefined && hash !== location.view.hash) throw new SlackApiError("hash_conflict");
      checkExternalId(ctx, raw, location.view.id);
      const view = replacedView(ctx, location, raw);
      ctx.state.replaceView(location, view);
      return { view };
    },
  },

  "views.publish": {
    token: "bot",
    handle(args, ctx) {
      const user = stringArg(args, "user_id");
      if (user === undefined)
        throw new SlackApiError("invalid_arguments", ["[ERROR] missing required field: user_id"]);
      if (!ctx.state.users.has(user)) throw new SlackApiError("user_not_found");
      const raw = viewArg(args, ["home"]);
      const existing = ctx.state.homeViews.get(user);
      const hash = stringArg(args, "hash");
      if (hash !== undefined && existing && hash !== existing.hash) throw new SlackApiError("hash_conflict");
      checkExternalId(ctx, raw, existing?.id);
      // The Home tab keeps its view id across publishes.
      const view = newView(ctx, raw, { ...(existing ? { id: existing.id } : {}), root: null });
      ctx.state.publishHome(user, view);
      return { view };
    },
  },
};
