import { Included } from "../render";
import { type Ctx, incidentOf, numParam, ok, type Route, requireWriter } from "./context";

function getIncident(ctx: Ctx) {
  const incident = incidentOf(ctx, numParam(ctx, 0));
  const included = new Included();
  if (ctx.query.include.has("monitor")) {
    const m = ctx.world.monitors.get(incident.monitorId);
    if (m) included.add(ctx.render.monitor(m));
  }
  const data = ctx.render.incident(incident);
  return ok(included.size ? { data, included: included.list() } : { data });
}

/**
 * A7: 200 with the resource; again -> 200 unchanged; ended -> 422. Read-only members get 403: the
 * reference restricts them to reports and invitations, so we treat acknowledging as a change they may
 * not make (our decision; the client shows a clear message for it).
 */
function acknowledge(ctx: Ctx) {
  const incident = incidentOf(ctx, numParam(ctx, 0));
  requireWriter(ctx, incident.teamId, "acknowledge incidents");
  ctx.world.acknowledge(incident);
  return ok({ data: ctx.render.incident(incident) });
}

export const incidentRoutes: Route[] = [
  { method: "GET", path: "/incidents/:id", handler: getIncident, query: { include: ["monitor"] } },
  { method: "POST", path: "/incidents/:id/acknowledge", handler: acknowledge, body: "ignored" },
];
