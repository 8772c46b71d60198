import { z } from "zod";
import type { Control } from "./control";
import { ApiError, schemaError } from "./errors";
import type { RouteDef } from "./router";

export interface ControlReply {
  status: number;
  body?: unknown;
}
export type ControlHandler = (input: {
  params: string[];
  search: URLSearchParams;
  body: unknown;
}) => ControlReply | Promise<ControlReply>;

const faultSchema = z.object({
  status: z.number().int(),
  durationMs: z.number().positive().optional(),
  count: z.number().int().positive().optional(),
  token: z.string().min(1).optional(),
  path: z.string().startsWith("/").optional(),
  exactPath: z.boolean().optional(),
});
const advanceSchema = z.object({ ms: z.number().nonnegative() });
const statusSchema = z.object({
  status: z.enum(["active", "error"]),
  failures: z.array(z.unknown()).optional(),
});
const reasonSchema = z.object({ reason: z.string().min(1).max(500).optional() }).nullish();
// Below the reference's longest interval (A8: 1 h) and plainly a time a check could take.
const slowSchema = z.object({ ms: z.number().int().positive().max(600_000) });
const runSchema = z.object({ monitorId: z.number().int().positive().optional() }).nullish();

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  throw schemaError(r.error, "Invalid body");
}

const id = (params: string[]) => Number(params[0]);
const okBody = { status: 200, body: { ok: true } };

/** The control API (not part of the service): no auth, JSON in and out, errors as A1 documents. */
export function controlRoutes(control: Control): RouteDef<ControlHandler>[] {
  return [
    { method: "GET", path: "/__simulator/health", handler: () => okBody },
    {
      method: "POST",
      path: "/__simulator/seed",
      handler: ({ body }) => ({ status: 201, body: control.seed(body as never) }),
    },
    {
      method: "POST",
      path: "/__simulator/seed/demo",
      handler: () => ({ status: 201, body: control.seedDemo() }),
    },
    {
      method: "POST",
      path: "/__simulator/reset",
      handler: () => {
        control.reset();
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/monitors/:id/fail",
      handler: ({ params, body }) => {
        const reason = parse(reasonSchema, body)?.reason;
        const incident = control.fail(id(params), reason);
        return incident ? { status: 200, body: { data: incident } } : okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/monitors/:id/slow",
      handler: ({ params, body }) => {
        control.slow(id(params), parse(slowSchema, body).ms);
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/monitors/:id/recover",
      handler: ({ params }) => {
        const incident = control.recover(id(params));
        return incident ? { status: 200, body: { data: incident } } : okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/incidents/:id/acknowledge",
      handler: ({ params }) => ({ status: 200, body: { data: control.acknowledge(id(params)) } }),
    },
    {
      method: "POST",
      path: "/__simulator/schedules",
      handler: ({ body }) => ({ status: 201, body: control.addSchedule(body as never) }),
    },
    {
      method: "DELETE",
      path: "/__simulator/schedules",
      handler: () => {
        control.clearSchedules();
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/faults",
      handler: ({ body }) => {
        const f = parse(faultSchema, body);
        control.setFault({
          status: f.status,
          ...(f.durationMs !== undefined ? { durationMs: f.durationMs } : {}),
          ...(f.count !== undefined ? { count: f.count } : {}),
          ...(f.token !== undefined ? { token: f.token } : {}),
          ...(f.path !== undefined ? { path: f.path } : {}),
          ...(f.exactPath !== undefined ? { exactPath: f.exactPath } : {}),
        });
        return { status: 201, body: { ok: true } };
      },
    },
    {
      method: "DELETE",
      path: "/__simulator/faults",
      handler: () => {
        control.clearFaults();
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/status",
      handler: ({ body }) => {
        const s = parse(statusSchema, body);
        control.setServiceStatus(s.status, s.failures ?? []);
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/clock/advance",
      handler: async ({ body }) => {
        await control.advance(parse(advanceSchema, body).ms);
        return okBody;
      },
    },
    {
      method: "POST",
      path: "/__simulator/checks/run",
      handler: async ({ body }) => {
        const rounds = await control.runChecks(parse(runSchema, body)?.monitorId);
        return { status: 200, body: { ok: true, rounds } };
      },
    },
    {
      method: "GET",
      path: "/__simulator/requests",
      handler: ({ search }) => {
        const raw = search.get("limit");
        const limit = raw === null ? 100 : Number(raw);
        if (!Number.isInteger(limit) || limit < 0)
          throw new ApiError(400, "limit must be a non-negative integer");
        return { status: 200, body: { requests: control.requests(limit) } };
      },
    },
    {
      method: "DELETE",
      path: "/__simulator/requests",
      handler: () => {
        control.clearRequests();
        return okBody;
      },
    },
  ];
}
