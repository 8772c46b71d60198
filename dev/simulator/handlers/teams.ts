import { badParameter, notFound } from "../errors";
import { LOCATIONS, type MonitorRecord } from "../model";
import { paginate, type SortKey } from "../query";
import { Included, MONITOR_INCLUDES, STAT_KINDS, type StatKind } from "../render";
import { parseMonitorCreate } from "../validate";
import { type Ctx, numParam, ok, param, type Reply, type Route, requireWriter, teamOf } from "./context";

function getTeam(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  const included = new Included();
  const inc = ctx.query.include;
  if (inc.has("users")) {
    for (const id of team.members.keys()) {
      const u = ctx.world.users.get(id);
      if (u)
        included.add(
          ctx.render.user(
            u,
            [...u.teams.keys()].filter((t) => ctx.user.teams.has(t)),
            u.id === ctx.user.id,
          ),
        );
    }
  }
  if (inc.has("channels")) for (const c of team.channels) included.add(ctx.render.channel(c, false));
  if (inc.has("locations")) for (const l of LOCATIONS) included.add(ctx.render.location(l));
  const data = ctx.render.team(team);
  return ok(included.size ? { data, included: included.list() } : { data });
}

/** A9: name is a case-insensitive substring, state the numeric meta.state, group the exact name. */
function filterMonitors(ctx: Ctx, list: MonitorRecord[]): MonitorRecord[] {
  let out = list;
  const f = ctx.query.filters;
  const name = f.get("name");
  if (name !== undefined) {
    const needle = name.toLowerCase();
    out = out.filter((m) => m.name.toLowerCase().includes(needle));
  }
  const state = f.get("state");
  if (state !== undefined) {
    // A9 + A4: the numeric meta.state; pending has no number (A4: null), so the literal `null` selects
    // pending monitors, as the client sends it.
    if (state !== "null" && !/^-?\d+$/.test(state))
      throw badParameter("filter[state]", "filter[state] must be a numeric state (10 up, -10 down) or null");
    const n = state === "null" ? null : Number(state);
    out = out.filter((m) => m.state === n);
  }
  const group = f.get("group");
  if (group !== undefined) out = out.filter((m) => (m.group ?? "") === group);
  return out;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function sortMonitors(list: MonitorRecord[], keys: SortKey[]): MonitorRecord[] {
  if (keys.length === 0) return list;
  const cmp = (a: MonitorRecord, b: MonitorRecord): number => {
    for (const { field, desc } of keys) {
      let c = 0;
      if (field === "name") c = collator.compare(a.name, b.name);
      else if (field === "group") c = collator.compare(a.group ?? "", b.group ?? "");
      else if (field === "created") c = a.created - b.created;
      if (c !== 0) return desc ? -c : c;
    }
    return a.id - b.id;
  };
  return [...list].sort(cmp);
}

function listMonitors(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  const all = sortMonitors(filterMonitors(ctx, ctx.world.teamMonitors(team)), ctx.query.sort);
  const page = paginate(all, ctx.query.page, ctx.selfUrl, ctx.search);
  const included = new Included();
  const data = page.items.map((m) => ctx.render.monitorWith(m, ctx.query.include, included));
  return ok({
    data,
    ...(included.size ? { included: included.list() } : {}),
    meta: page.meta,
    links: page.links,
  });
}

function createMonitor(ctx: Ctx): Reply {
  const team = teamOf(ctx, numParam(ctx, 0));
  requireWriter(ctx, team.id, "add monitors");
  const input = parseMonitorCreate(ctx.body);
  const m = ctx.world.createMonitor(team, input);
  const data = ctx.render.monitor(m);
  // A2: 201 with the resource; the reference: status integer, state null right after creation.
  return { status: 201, body: { data }, headers: { Location: `${ctx.render.base}/monitors/${m.id}` } };
}

function listIncidents(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  return incidentPage(ctx, team.incidents);
}

/** A6: newest started first, each with team and monitor; include=monitor (or team) adds them. */
export function incidentPage(ctx: Ctx, ids: number[]) {
  const all = ctx.world.sortedIncidents(ids);
  const page = paginate(all, ctx.query.page, ctx.selfUrl, ctx.search);
  const included = new Included();
  for (const i of page.items) {
    if (ctx.query.include.has("monitor")) {
      const m = ctx.world.monitors.get(i.monitorId);
      if (m) included.add(ctx.render.monitor(m));
    }
    if (ctx.query.include.has("team")) {
      const t = ctx.world.teams.get(i.teamId);
      if (t) included.add(ctx.render.team(t));
    }
  }
  const data = page.items.map((i) => ctx.render.incident(i));
  return ok({
    data,
    ...(included.size ? { included: included.list() } : {}),
    meta: page.meta,
    links: page.links,
  });
}

/** A5: the latest 50 checks, newest first; serialised once per change because clients poll it often. */
function teamChecks(ctx: Ctx): Reply {
  const team = teamOf(ctx, numParam(ctx, 0));
  if (!team.checksBody) {
    team.checksBody = Buffer.from(JSON.stringify({ data: team.checks.map((c) => ctx.render.check(c)) }));
  }
  return { status: 200, raw: team.checksBody };
}

function teamChannels(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  return ok({ data: team.channels.map((c) => ctx.render.channel(c, true)) });
}

function teamAvailability(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  const self = `${ctx.render.base}/teams/${team.id}/availability-daily`;
  return ok({ data: ctx.render.stat("availability-daily", ctx.world.teamMonitors(team), "", self) });
}

/** A7: type groups, id = name, meta.monitors = how many monitors carry the name. */
function teamGroups(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  const monitors = ctx.world.teamMonitors(team);
  return ok({
    data: [...team.groups].sort(collator.compare).map((name) => groupResource(ctx, team.id, name, monitors)),
  });
}

function groupResource(ctx: Ctx, teamId: number, name: string, monitors: MonitorRecord[]) {
  return {
    type: "groups",
    id: name,
    attributes: { name },
    links: { self: `${ctx.render.base}/teams/${teamId}/groups/${encodeURIComponent(name)}` },
    meta: { monitors: monitors.filter((m) => m.group === name).length },
  };
}

function teamGroup(ctx: Ctx) {
  const team = teamOf(ctx, numParam(ctx, 0));
  const name = param(ctx, 1);
  if (!team.groups.has(name)) throw notFound("Group");
  return ok({ data: groupResource(ctx, team.id, name, ctx.world.teamMonitors(team)) });
}

function groupStat(kind: StatKind) {
  return (ctx: Ctx) => {
    const team = teamOf(ctx, numParam(ctx, 0));
    const name = param(ctx, 1);
    if (!team.groups.has(name)) throw notFound("Group");
    const monitors = ctx.world.teamMonitors(team).filter((m) => m.group === name);
    const self = `${ctx.render.base}/teams/${team.id}/groups/${encodeURIComponent(name)}/${kind}`;
    return ok({ data: ctx.render.stat(kind, monitors, "", self) });
  };
}

export const teamRoutes: Route[] = [
  {
    method: "GET",
    path: "/teams/:id",
    handler: getTeam,
    query: { include: ["users", "channels", "locations"] },
  },
  {
    method: "GET",
    path: "/teams/:id/monitors",
    handler: listMonitors,
    query: {
      page: true,
      include: MONITOR_INCLUDES,
      filter: ["name", "state", "group"],
      sort: ["name", "group", "created"],
    },
  },
  { method: "POST", path: "/teams/:id/monitors", handler: createMonitor, body: "required" },
  {
    method: "GET",
    path: "/teams/:id/incidents",
    handler: listIncidents,
    query: { page: true, include: ["monitor", "team"] },
  },
  { method: "GET", path: "/teams/:id/checks", handler: teamChecks },
  { method: "GET", path: "/teams/:id/channels", handler: teamChannels },
  { method: "GET", path: "/teams/:id/availability-daily", handler: teamAvailability },
  { method: "GET", path: "/teams/:id/groups", handler: teamGroups },
  { method: "GET", path: "/teams/:id/groups/:any", handler: teamGroup },
  ...STAT_KINDS.map(
    (kind): Route => ({ method: "GET", path: `/teams/:id/groups/:any/${kind}`, handler: groupStat(kind) }),
  ),
];
