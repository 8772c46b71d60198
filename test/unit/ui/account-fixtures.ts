import type { HomeData } from "../../../src/services/home-data";
import type { SubscriptionView } from "../../../src/services/list-subscriptions";
import type { LinkRecord } from "../../../src/store/link-store";
import type { Incident, Monitor } from "../../../src/uptime";

export const NOW = Date.parse("2026-11-21T10:30:00Z");
export const LONG = "x".repeat(5000);

export const link: LinkRecord = {
  apiUserId: "1",
  apiUserName: "Olivia Owner",
  email: "olivia@acme.example.com",
  teams: [
    { id: "1", name: "Acme Production", role: "owner" },
    { id: "2", name: "Acme Staging", role: "regular" },
  ],
  activeTeamId: "1",
  linkedAt: Date.parse("2026-11-20T08:00:00Z"),
  stale: false,
};

/** A link with `count` teams whose names and roles are 5,000 characters long. */
export function hugeLink(count: number): LinkRecord {
  return {
    ...link,
    apiUserName: LONG,
    email: LONG,
    teams: Array.from({ length: count }, (_, i) => ({ id: String(i + 1), name: `${LONG} ${i}`, role: LONG })),
    activeTeamId: "7",
  };
}

export function monitor(i: number, name = `Monitor ${i}`): Monitor {
  return {
    id: String(i),
    url: null,
    meta: {},
    name,
    pronounceable: null,
    group: i % 2 ? "Website" : null,
    interval: 60,
    kind: i % 3 ? "http" : "tcp_port",
    settings: i % 3 ? { url: `https://m${i}.example.com/health` } : { host: `db${i}.internal`, port: 5432 },
    state: "down",
    stateCode: -10,
    paused: false,
    createdAt: null,
    updatedAt: null,
  };
}

export function incident(
  i: number,
  options: { acknowledged?: boolean; name?: string; reason?: string } = {},
): Incident {
  return {
    id: String(100 + i),
    url: null,
    meta: {},
    monitorId: String(i),
    teamId: "1",
    started: new Date(NOW - (i + 1) * 252_000),
    ended: null,
    acknowledged: options.acknowledged ? new Date(NOW - 60_000) : null,
    downtimeSeconds: null,
    reason: options.reason ?? "Connection timeout",
    maintenance: false,
    open: true,
    createdAt: null,
    updatedAt: null,
    monitor: monitor(i, options.name),
  };
}

export function linkedHome(down: number, incidents: number, subscriptions: number): HomeData {
  return {
    kind: "linked",
    link,
    team: link.teams[0]!,
    counters: { up: 10, down, paused: 1, pending: 0 },
    down: { items: Array.from({ length: Math.min(down, 10) }, (_, i) => monitor(i + 1)), total: down },
    openIncidents: {
      items: Array.from({ length: incidents }, (_, i) => incident(i + 1, { acknowledged: i === 1 })),
      total: incidents,
    },
    subscriptions: Array.from({ length: subscriptions }, (_, i) => subscription(i)),
  };
}

/** The user's own subscription `i`: one monitor of the active team, in channel C0<i>. */
export function subscription(i: number, name = `Monitor ${i}`): SubscriptionView {
  return {
    id: `sub${i}`,
    channelId: `C0${i}`,
    apiTeamId: "1",
    teamName: link.teams[0]!.name,
    monitors: [{ id: String(i + 1), name }],
    groups: [],
    mention: null,
    subscriberUserId: "U0OLIVIA",
    paused: null,
    createdAt: NOW,
  };
}
