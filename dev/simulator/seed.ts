import { z } from "zod";
import { ApiError, schemaError } from "./errors";
import { INTERVALS, ROLES } from "./model";
import type { World } from "./world";

const userSchema = z.object({
  id: z.number().int().positive().optional(),
  firstName: z.string().min(1),
  lastName: z.string().optional(),
  email: z.string().optional(),
  token: z.string().min(1),
  role: z.enum(ROLES as [string, ...string[]]),
  password: z.string().optional(),
});

const monitorSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string().min(1),
    group: z.string().nullable().optional(),
    url: z.string().optional(),
    keywordBody: z.string().optional(),
    service: z.literal("tcp_port").optional(),
    host: z.string().optional(),
    port: z.number().int().min(1).max(65535).optional(),
    timeout: z.number().int().min(1).max(60).optional(),
    interval: z
      .number()
      .refine((n) => INTERVALS.includes(n), "interval must be one of the A8 intervals")
      .optional(),
    paused: z.boolean().optional(),
    probe: z.boolean().optional(),
  })
  .refine(
    (m) => (m.service === "tcp_port" ? !!m.host && !!m.port : true),
    "tcp_port monitors need host and port",
  );

const teamSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().min(1),
  channels: z.array(z.string().min(1)).optional(),
  users: z.array(userSchema).default([]),
  monitors: z.array(monitorSchema).default([]),
});

export const seedSchema = z.object({ teams: z.array(teamSchema) });
export type SeedInput = z.input<typeof seedSchema>;

export interface SeedResult {
  teams: { id: number; users: { id: number; token: string }[]; monitors: { id: number; name: string }[] }[];
}

/** Validates a seed document (400 with one error per problem, pointing into the body). */
export function parseSeed(body: unknown): z.output<typeof seedSchema> {
  const parsed = seedSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw schemaError(parsed.error, "Invalid seed", true);
}

/** Adds teams, users (one per token, shared across teams) and monitors; monitors start pending. */
export function applySeed(world: World, input: z.output<typeof seedSchema>): SeedResult {
  // Check id clashes first so that a refused seed leaves nothing half-made.
  const teamIds = input.teams.flatMap((t) => (t.id ? [t.id] : []));
  const monitorIds = input.teams.flatMap((t) => t.monitors.flatMap((m) => (m.id ? [m.id] : [])));
  for (const id of teamIds) if (world.teams.has(id)) throw new ApiError(409, `Team ${id} already exists`);
  for (const id of monitorIds)
    if (world.monitors.has(id)) throw new ApiError(409, `Monitor ${id} already exists`);
  if (new Set(teamIds).size !== teamIds.length) throw new ApiError(400, "Team ids repeat within the seed");
  if (new Set(monitorIds).size !== monitorIds.length)
    throw new ApiError(400, "Monitor ids repeat within the seed");
  const result: SeedResult = { teams: [] };
  for (const t of input.teams) {
    const team = world.addTeam({
      ...(t.id ? { id: t.id } : {}),
      name: t.name,
      ...(t.channels ? { channels: t.channels } : {}),
    });
    const users = t.users.map((u) => {
      const user = world.upsertUser(u);
      world.addMember(team, user, u.role as (typeof ROLES)[number]);
      return { id: user.id, token: user.token };
    });
    const monitors = t.monitors.map((m) => {
      const tcp = m.service === "tcp_port";
      const monitor = world.createMonitor(
        team,
        {
          name: m.name,
          pronounceable: null,
          interval: m.interval ?? 60,
          group: m.group ?? null,
          kind: tcp ? "tcp_port" : "http",
          settings: tcp
            ? { host: m.host!, port: m.port!, timeout: m.timeout ?? 10 }
            : {
                url: m.url ?? `https://${slug(m.name)}.example.com/`,
                ...(m.keywordBody ? { keywordBody: m.keywordBody } : {}),
              },
        },
        { ...(m.id ? { id: m.id } : {}), paused: m.paused ?? false, probe: m.probe ?? false },
      );
      return { id: monitor.id, name: monitor.name };
    });
    result.teams.push({ id: team.id, users, monitors });
  }
  return result;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "monitor";
