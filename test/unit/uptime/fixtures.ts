// Documents written by hand from the examples of the API reference (both type spellings, both
// statistics shapes), with a few unknown members sprinkled in to prove they are tolerated.
const T = "2024-05-01T10:00:00+00:00";
const T2 = "2024-05-01T11:30:00+00:00";

export const userMeWithTeams = {
  data: {
    type: "users",
    id: "7",
    attributes: {
      firstName: "Ada",
      lastName: "",
      email: "ada@example.com",
      phone: "+441234567890",
      timeZone: "Europe/London",
      silentStart: "22:00",
      silentEnd: "07:00",
      lang: "en",
      country: "GB",
      invitation: "abc",
      favouriteColour: "teal",
    },
    relationships: {
      teams: {
        data: [{ type: "teams", id: "1" }],
        links: { related: "https://api.example.com/users/7/teams" },
      },
    },
    links: { self: "https://api.example.com/users/7" },
  },
  included: [
    {
      type: "teams",
      id: "1",
      attributes: { name: "Ops" },
      relationships: {
        channels: { data: [{ type: "channels", id: "3" }], meta: { count: 1 } },
        users: { data: [{ type: "users", id: "7", meta: { role: "owner" } }] },
      },
      links: { self: "/teams/1" },
    },
    {
      type: "channels",
      id: "3",
      attributes: { slug: "email", name: "Ada's mail", description: "ada@example.com", enabled: true },
    },
  ],
};

export const teamWithIncludes = {
  data: {
    type: "teams",
    id: "1",
    attributes: { name: "Ops" },
    relationships: {
      channels: { data: [{ type: "channels", id: "3" }], meta: { count: 1 } },
      locations: { data: [{ type: "locations", id: "eu-west" }], meta: { count: 1 } },
      users: {
        data: [
          { type: "users", id: "7", meta: { role: "owner" } },
          { type: "users", id: "8", meta: { role: "read-only" } },
          { type: "users", id: "9", meta: { role: "auditor" } },
        ],
      },
    },
    links: { self: "https://api.example.com/teams/1" },
    meta: {
      created: T,
      updated: T2,
      availableFeatures: ["keyword-monitoring"],
      monitorCounters: { up: 5, down: 1, paused: 2, pending: 0 },
      plan: "gold",
    },
  },
  included: [
    {
      type: "users",
      id: "7",
      attributes: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    },
    {
      type: "channels",
      id: "3",
      attributes: { slug: "sms", name: "Pager", description: "", enabled: false },
    },
    {
      type: "locations",
      id: "eu-west",
      attributes: { name: "Dublin", countryCode: "IE", zone: "eu", ip: "192.0.2.10" },
      meta: { status: 1, seen: T2, created: T, updated: T },
    },
    { type: "alert-rules", id: "99" },
  ],
};

export const userTeams = {
  data: [
    {
      type: "teams",
      id: "1",
      attributes: { name: "Ops" },
      relationships: { users: { data: [{ type: "users", id: "7", meta: { role: "owner" } }] } },
      links: { self: "/teams/1" },
    },
    {
      type: "teams",
      id: "2",
      attributes: { name: "Web" },
      relationships: { users: { data: [{ type: "users", id: "7", meta: { role: "regular" } }] } },
      links: { self: "/teams/2" },
    },
  ],
};

const hourlyPoints = Array.from({ length: 24 }, (_, i) => ({
  time: `2024-05-01T${String(i).padStart(2, "0")}:00:00Z`,
  downtime: i === 3 ? 120 : i === 4 ? null : 0,
  availability: i === 3 ? 96.67 : i === 4 ? null : 100,
}));

/** Earlier shapes: plural types, typed statistics relationships, `availability-hourly` ids. */
export const monitorPageEarlier = {
  data: [
    {
      type: "monitors",
      id: "11",
      attributes: {
        name: "Homepage",
        pronounceable: "home page",
        interval: 60,
        group: "Web / public",
        maintenanceType: 0,
        maintenanceStartDate: null,
        maintenanceEndDate: null,
        maintenanceStartTime: null,
        maintenanceEndTime: null,
        settings: { url: "https://example.com", keywordBody: "Welcome" },
      },
      relationships: {
        incidents: { data: [{ type: "incidents", id: "501" }], meta: { total: 14 } },
        checks: { data: [{ type: "checks", id: "1714557600.123456789" }] },
        "availability-hourly": {
          data: { type: "availability-hourly", id: "1714471200-1714557600-availability-hourly" },
        },
        "latency-daily": { data: { type: "latency-daily", id: "1711965600-1714557600-latency-daily" } },
        "alert-rules": { data: [{ type: "alert-rules", id: "4" }], meta: { count: 1 } },
      },
      links: { self: "https://api.example.com/monitors/11" },
      meta: { status: 1, state: -10, created: T, updated: T2 },
    },
    {
      type: "monitors",
      id: "12",
      attributes: {
        name: "DB port",
        pronounceable: null,
        interval: 300,
        group: null,
        service: "tcp_port",
        settings: { host: "db.example.com", port: 5432, timeout: 10 },
      },
      links: { self: "https://api.example.com/monitors/12" },
      meta: { status: 0, state: 10, created: T, updated: T },
    },
  ],
  included: [
    {
      type: "incidents",
      id: "501",
      attributes: { started: T, ended: null, acknowledged: null, downtime: null, reason: "HTTP 503" },
      meta: { created: T, updated: T },
    },
    {
      type: "checks",
      id: "1714557600.123456789",
      attributes: {
        status: 503,
        state: -1,
        location: "eu-west",
        created: T2,
        error: "Service Unavailable",
        totalDuration: 412,
      },
      relationships: { monitor: { data: { type: "monitors", id: "11" } } },
    },
    {
      type: "availability-hourly",
      id: "1714471200-1714557600-availability-hourly",
      attributes: { points: hourlyPoints },
      meta: {
        timeFrom: "2024-04-30T11:00:00Z",
        timeTo: "2024-05-01T11:00:00Z",
        totals: { downtime: 120, availability: 99.86, timeframeSeconds: 86400 },
      },
    },
    {
      type: "latency-daily",
      id: "1711965600-1714557600-latency-daily",
      attributes: { points: [{ time: "2024-04-30T00:00:00Z", metric0: 40, TotalDuration: 180 }] },
      meta: { timeFrom: "2024-04-01T00:00:00Z", timeTo: "2024-05-01T00:00:00Z", averages: [] },
    },
  ],
  meta: { currentPage: 1, count: 2, perPage: 10, hasMorePages: true, total: 12 },
  links: {
    first: "https://api.example.com/teams/1/monitors?page[number]=1",
    next: "https://api.example.com/teams/1/monitors?page[number]=2",
  },
};

/** Later shapes: singular types, `include=incident,availability,latency`, `av-daily-monitor-...` ids. */
export const monitorPageLater = {
  data: [
    {
      type: "monitor",
      id: "21",
      attributes: {
        name: "API",
        pronounceable: "A P I",
        interval: 30,
        group: "Backend",
        settings: { url: "https://api.example.com/health" },
      },
      relationships: {
        incident: {
          data: [
            { type: "incident", id: "601" },
            { type: "incident", id: "602" },
          ],
          meta: { total: 2 },
          links: { self: "/monitors/21/relationships/incident" },
        },
        availability: {
          data: { type: "availability", id: "av-daily-monitor-21_2024-04-01_2024-05-01" },
          links: { self: "/monitors/21/relationships/availability" },
        },
        latency: {
          data: { type: "latency", id: "la-daily-monitor-21_2024-04-01_2024-05-01" },
          links: { self: "/monitors/21/relationships/latency" },
        },
      },
      links: { self: "/monitors/21" },
      meta: { status: 1, state: null, created: T, updated: T },
    },
  ],
  included: [
    {
      type: "incident",
      id: "601",
      attributes: {
        started: T,
        ended: T2,
        acknowledged: T,
        downtime: 5400,
        reason: "Timeout",
        maintenance: 1,
      },
    },
    {
      type: "incident",
      id: "602",
      attributes: {
        started: T2,
        ended: null,
        acknowledged: null,
        downtime: null,
        reason: null,
        maintenance: 0,
      },
    },
    {
      type: "availability",
      id: "av-daily-monitor-21_2024-04-01_2024-05-01",
      attributes: {
        points: [
          { time: "2024-04-30T00:00:00Z", downtime: 0, availability: 100 },
          { time: "2024-05-01T00:00:00Z", downtime: null, availability: null },
        ],
      },
      meta: {
        timeFrom: "2024-04-01T00:00:00Z",
        timeTo: "2024-05-01T00:00:00Z",
        totals: { downtime: 5400, availability: 99.79, timeframeSeconds: 2592000 },
        precision: "daily",
      },
    },
    {
      type: "latency",
      id: "la-daily-monitor-21_2024-04-01_2024-05-01",
      attributes: {
        points: [
          { time: "2024-04-30T00:00:00Z", metric0: 35, TotalDuration: 150 },
          { time: "2024-05-01T00:00:00Z", metric0: null, TotalDuration: null },
        ],
      },
      meta: {
        timeFrom: "2024-04-01T00:00:00Z",
        timeTo: "2024-05-01T00:00:00Z",
        averages: { metric0: 35, TotalDuration: 150 },
        precision: "daily",
      },
    },
  ],
  meta: { currentPage: 2, count: 1, perPage: 10, hasMorePages: false },
  links: { first: "/teams/1/monitors?page[number]=1", prev: "/teams/1/monitors?page[number]=1" },
};

export const monitorCreated = {
  data: {
    type: "monitors",
    id: "31",
    attributes: { name: "Shop", status: 1, state: null, settings: { url: "https://shop.example.com" } },
    links: { self: "https://api.example.com/monitors/31" },
  },
};

export const monitorTcp = {
  data: {
    type: "monitor",
    id: "12",
    attributes: {
      name: "DB port",
      pronounceable: null,
      interval: 300,
      group: null,
      service: "tcp_port",
      maintenanceType: 0,
      maintenanceStartDate: null,
      maintenanceEndDate: null,
      maintenanceStartTime: null,
      maintenanceEndTime: null,
      settings: { host: "db.example.com", port: 5432, timeout: 10 },
    },
    links: { self: "/monitors/12" },
    meta: { status: 1, state: 10, created: T, updated: T2 },
  },
};

export const teamIncidentsPage = {
  data: [
    {
      type: "incidents",
      id: "502",
      attributes: {
        started: T2,
        ended: null,
        acknowledged: null,
        downtime: null,
        reason: "HTTP 500",
        maintenance: 0,
      },
      relationships: {
        team: { data: { type: "teams", id: "1" } },
        monitor: { data: { type: "monitors", id: "11" } },
      },
      links: { self: "/incidents/502" },
      meta: { created: T2, updated: T2 },
    },
    {
      type: "incidents",
      id: "501",
      attributes: {
        started: T,
        ended: T2,
        acknowledged: T,
        downtime: 5400,
        reason: "Timeout",
        maintenance: 1,
      },
      relationships: {
        team: { data: { type: "teams", id: "1" } },
        monitor: { data: { type: "monitors", id: "12" } },
      },
    },
  ],
  included: [
    { type: "monitors", id: "11", attributes: { name: "Homepage" }, meta: { status: 1, state: -10 } },
  ],
  meta: { currentPage: 1, count: 2, perPage: 10, hasMorePages: false },
  links: { first: "/teams/1/incidents?page[number]=1" },
};

export const teamChecks = {
  data: [
    {
      type: "checks",
      id: "1714557600.123456789",
      attributes: {
        status: 200,
        state: 1,
        location: "eu-west",
        created: T2,
        error: null,
        totalDuration: 123,
      },
      relationships: { monitor: { data: { type: "monitors", id: "11" } } },
    },
    {
      type: "checks",
      id: "1714557540.987654321",
      attributes: {
        status: 0,
        state: -1,
        location: "us-east",
        created: T,
        error: "connection refused",
        totalDuration: 3,
      },
      relationships: { monitor: { data: { type: "monitors", id: "12" } } },
    },
  ],
};

export const teamChannels = {
  data: [
    {
      type: "channels",
      id: "3",
      attributes: { slug: "email", name: "Mail", description: "ops@example.com", enabled: true },
      meta: { created: T, updated: T2 },
    },
    {
      type: "channels",
      id: "4",
      attributes: { slug: "phone-call", name: "Call", description: "", enabled: false },
    },
  ],
};

export const locations = {
  data: [
    {
      type: "locations",
      id: "eu-west",
      attributes: { name: "Dublin", countryCode: "IE", zone: "eu", ip: "192.0.2.10" },
      meta: { status: 1, seen: T2, created: T, updated: T },
      links: { self: "/locations/eu-west" },
    },
  ],
};

export const groups = {
  data: [
    { type: "groups", id: "Web / public", meta: { monitors: 3 } },
    { type: "groups", id: "Backend", attributes: { name: "Backend" }, meta: { monitors: 1 } },
  ],
};

export const teamAvailabilityDaily = {
  data: {
    type: "availability-daily",
    id: "1711965600-1714557600-availability-daily",
    attributes: {
      points: Array.from({ length: 30 }, (_, i) => ({
        time: new Date(Date.UTC(2024, 3, 2 + i)).toISOString().replace(".000Z", "Z"),
        downtime: 0,
        availability: 100,
      })),
    },
    links: { self: "https://api.example.com/teams/1/availability-daily" },
    meta: {
      timeFrom: "2024-04-01T00:00:00Z",
      timeTo: "2024-05-01T00:00:00Z",
      totals: { downtime: 0, availability: 100, timeframeSeconds: 2592000 },
    },
  },
};

export const latencyHourlyEmpty = {
  data: {
    type: "latency-hourly",
    id: "1714471200-1714557600-latency-hourly",
    attributes: { points: [] },
    meta: { timeFrom: "2024-04-30T11:00:00Z", timeTo: "2024-05-01T11:00:00Z", averages: [] },
  },
};

export const statusActive = {
  meta: { status: "active", components: ["api", "checks", "alerts"], failures: [] },
};
export const statusError = {
  meta: { status: "error", components: ["api", "alerts"], failures: [{ component: "alerts" }] },
};
