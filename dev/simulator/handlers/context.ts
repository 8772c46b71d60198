import { ApiError, forbidden, notFound } from "../errors";
import type { IncidentRecord, MonitorRecord, TeamRecord, UserRecord } from "../model";
import type { ListQuery } from "../query";
import type { Renderer } from "../render";
import type { RouteDef } from "../router";
import type { World } from "../world";

export interface Ctx {
  world: World;
  render: Renderer;
  user: UserRecord;
  params: string[];
  query: ListQuery;
  search: URLSearchParams;
  body: unknown;
  /** Absolute URL of the request path without the query, for pagination links. */
  selfUrl: string;
}

export interface Reply {
  status: number;
  /** A document to serialise, or bytes already serialised (the cached team checks). */
  body?: unknown;
  raw?: Buffer;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx) => Reply;
export type Route = RouteDef<Handler>;

export const ok = (body: unknown, status = 200): Reply => ({ status, body });

export function param(ctx: Ctx, i: number): string {
  const v = ctx.params[i];
  if (v === undefined) throw new ApiError(500, "Route parameter missing");
  return v;
}

export const numParam = (ctx: Ctx, i: number) => Number(param(ctx, i));

/**
 * A team the caller belongs to. Teams of others answer 404 rather than 403 so that the API does not
 * confirm which ids exist (the reference allows either; this is our choice).
 */
export function teamOf(ctx: Ctx, id: number): TeamRecord {
  const team = ctx.world.teams.get(id);
  if (!team?.members.has(ctx.user.id)) throw notFound("Team");
  return team;
}

export function monitorOf(ctx: Ctx, id: number): MonitorRecord {
  const m = ctx.world.monitors.get(id);
  if (!m || !ctx.world.teams.get(m.teamId)?.members.has(ctx.user.id)) throw notFound("Monitor");
  return m;
}

export function incidentOf(ctx: Ctx, id: number): IncidentRecord {
  const i = ctx.world.incidents.get(id);
  if (!i || !ctx.world.teams.get(i.teamId)?.members.has(ctx.user.id)) throw notFound("Incident");
  return i;
}

/** Reference, Authentication 5 (A3): read-only members cannot add, update, disable, enable or remove monitors. */
export function requireWriter(ctx: Ctx, teamId: number, action: string): void {
  if (ctx.world.teams.get(teamId)?.members.get(ctx.user.id) === "read-only") {
    throw forbidden(`A read-only member cannot ${action}`);
  }
}
