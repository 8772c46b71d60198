import { notFound } from "../errors";
import { LOCATIONS } from "../model";
import { type Ctx, ok, type Route } from "./context";

/** Reference: meta only; `error` when a component may have an issue (set through the control API). */
function status(ctx: Ctx) {
  const s = ctx.world.serviceStatus;
  return ok({
    meta: {
      status: s.status,
      components: ["api", "checks", "notifications", "statistics"],
      failures: s.failures,
    },
  });
}

/** A7: static, never paginated. */
function locations(ctx: Ctx) {
  return ok({ data: LOCATIONS.map((l) => ctx.render.location(l)) });
}

function location(ctx: Ctx) {
  const l = LOCATIONS.find((x) => x.id === ctx.params[0]);
  if (!l) throw notFound("Location");
  return ok({ data: ctx.render.location(l) });
}

export const systemRoutes: Route[] = [
  { method: "GET", path: "/status", handler: status },
  { method: "GET", path: "/locations", handler: locations },
  { method: "GET", path: "/locations/:any", handler: location },
];
