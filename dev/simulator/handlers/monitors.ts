import { Included, MONITOR_INCLUDES } from "../render";
import { parseMonitorPatch } from "../validate";
import { type Ctx, monitorOf, numParam, ok, type Reply, type Route, requireWriter } from "./context";
import { incidentPage } from "./teams";

/** A11: the same includes as the team monitor list. */
function getMonitor(ctx: Ctx) {
  const m = monitorOf(ctx, numParam(ctx, 0));
  const included = new Included();
  const data = ctx.render.monitorWith(m, ctx.query.include, included);
  return ok(included.size ? { data, included: included.list() } : { data });
}

/** A7 + A2: PATCH answers 200 with the updated resource. */
function patchMonitor(ctx: Ctx) {
  const m = monitorOf(ctx, numParam(ctx, 0));
  requireWriter(ctx, m.teamId, "update monitors");
  ctx.world.updateMonitor(m, parseMonitorPatch(ctx.body, m));
  return ok({ data: ctx.render.monitor(m) });
}

/** A4 + A7: disable pauses (meta.status 0), enable resumes (1); both answer 200 with the resource. */
function setPaused(paused: boolean) {
  return (ctx: Ctx) => {
    const m = monitorOf(ctx, numParam(ctx, 0));
    requireWriter(ctx, m.teamId, paused ? "disable monitors" : "enable monitors");
    ctx.world.setPaused(m, paused);
    return ok({ data: ctx.render.monitor(m) });
  };
}

function deleteMonitor(ctx: Ctx): Reply {
  const m = monitorOf(ctx, numParam(ctx, 0));
  requireWriter(ctx, m.teamId, "remove monitors");
  ctx.world.deleteMonitor(m);
  return { status: 204 };
}

function monitorIncidents(ctx: Ctx) {
  const m = monitorOf(ctx, numParam(ctx, 0));
  return incidentPage(ctx, m.incidents);
}

export const monitorRoutes: Route[] = [
  { method: "GET", path: "/monitors/:id", handler: getMonitor, query: { include: MONITOR_INCLUDES } },
  { method: "PATCH", path: "/monitors/:id", handler: patchMonitor, body: "required" },
  { method: "DELETE", path: "/monitors/:id", handler: deleteMonitor, body: "ignored" },
  { method: "POST", path: "/monitors/:id/disable", handler: setPaused(true), body: "ignored" },
  { method: "POST", path: "/monitors/:id/enable", handler: setPaused(false), body: "ignored" },
  {
    method: "GET",
    path: "/monitors/:id/incidents",
    handler: monitorIncidents,
    query: { page: true, include: ["monitor", "team"] },
  },
];
