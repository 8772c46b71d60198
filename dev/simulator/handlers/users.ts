import { forbidden, notFound } from "../errors";
import type { UserRecord } from "../model";
import { Included } from "../render";
import { checkDeletePassword, parseUserPatch } from "../validate";
import { type Ctx, ok, param, type Route } from "./context";

/** `me` or the caller's teammates; anyone else is 404 (same reasoning as teams, see teamOf). */
function targetUser(ctx: Ctx): UserRecord {
  const raw = param(ctx, 0);
  if (raw === "me" || raw === String(ctx.user.id)) return ctx.user;
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound("User");
  const other = ctx.world.users.get(Number(raw));
  if (!other || sharedTeams(ctx.user, other).length === 0) throw notFound("User");
  return other;
}

/** Teams of `target` that `viewer` may see: all of their own, the shared ones of a teammate. */
function sharedTeams(viewer: UserRecord, target: UserRecord): number[] {
  if (viewer.id === target.id) return [...target.teams.keys()];
  return [...target.teams.keys()].filter((id) => viewer.teams.has(id));
}

function getUser(ctx: Ctx) {
  const target = targetUser(ctx);
  const teams = sharedTeams(ctx.user, target);
  const data = ctx.render.user(target, teams, target.id === ctx.user.id);
  const included = new Included();
  const inc = ctx.query.include;
  if (inc.has("teams") || inc.has("teams.channels")) {
    for (const id of teams) {
      const team = ctx.world.teams.get(id);
      if (!team) continue;
      included.add(ctx.render.team(team));
      if (inc.has("teams.channels"))
        for (const c of team.channels) included.add(ctx.render.channel(c, false));
    }
  }
  return ok(included.size ? { data, included: included.list() } : { data });
}

function patchUser(ctx: Ctx) {
  const raw = param(ctx, 0);
  if (raw !== "me" && raw !== String(ctx.user.id)) throw forbidden("A user may change only their own record");
  const patch = parseUserPatch(ctx.body, ctx.user.id, raw);
  Object.assign(ctx.user, patch);
  ctx.user.updated = ctx.world.clock.now();
  return ok({ data: ctx.render.user(ctx.user, [...ctx.user.teams.keys()], true) });
}

function userTeams(ctx: Ctx) {
  const target = targetUser(ctx);
  const data = sharedTeams(ctx.user, target).flatMap((id) => {
    const team = ctx.world.teams.get(id);
    return team ? [ctx.render.team(team)] : [];
  });
  return ok({ data });
}

/** Reference: a user may delete only their own account and must give the password (202, or 422). */
function deleteUser(ctx: Ctx) {
  const raw = param(ctx, 0);
  if (raw !== "me" && raw !== String(ctx.user.id))
    throw forbidden("A user may delete only their own account");
  checkDeletePassword(ctx.body, ctx.user);
  const owned = [...ctx.user.teams].filter(([, role]) => role === "owner").map(([id]) => id);
  ctx.world.deleteUser(ctx.user);
  return ok({ meta: { deleted: true, deletedTeams: owned } }, 202);
}

export const userRoutes: Route[] = [
  { method: "GET", path: "/users/:any", handler: getUser, query: { include: ["teams", "teams.channels"] } },
  { method: "PATCH", path: "/users/:any", handler: patchUser, body: "required" },
  {
    method: "DELETE",
    path: "/users/:any",
    handler: deleteUser,
    body: "required",
    query: { include: ["teams"] },
  },
  { method: "GET", path: "/users/:any/teams", handler: userTeams },
];
