import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../../dev/simulator";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { systemClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { createServices } from "../../../src/services";
import { MonitorNotFoundError, NotLinkedError } from "../../../src/services/errors";
import { filterGroups, MAX_GROUP_OPTIONS } from "../../../src/services/list-groups";
import type { ServiceDeps } from "../../../src/services/service-deps";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { PendingActionStore } from "../../../src/store/pending-action-store";
import { WorkspaceCleanup } from "../../../src/store/workspace-cleanup";
import { type Group, PermissionDeniedError, TimeoutError, UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";

const owner: UserRef = { teamId: "T0TEST", userId: "U0OWNER" };
const readonly: UserRef = { teamId: "T0TEST", userId: "U0READ" };
const nobody: UserRef = { teamId: "T0TEST", userId: "U0NOBODY" };

function group(name: string, monitorCount: number | null = 1): Group {
  return { id: name, url: null, meta: {}, name, monitorCount };
}

describe("filterGroups", () => {
  it("filters by case-insensitive substring, sorts by name, caps at 100", () => {
    const groups = [group("Website"), group("API"), group("Infrastructure"), group("api-internal")];
    expect(filterGroups(groups, "").map((g) => g.name)).toEqual([
      "API",
      "api-internal",
      "Infrastructure",
      "Website",
    ]);
    expect(filterGroups(groups, " Ap ").map((g) => g.name)).toEqual(["API", "api-internal"]);
    const many = Array.from({ length: 250 }, (_, i) => group(`g${String(i).padStart(3, "0")}`));
    expect(filterGroups(many, "g")).toHaveLength(MAX_GROUP_OPTIONS);
  });
});

describe("monitor services against the simulator", () => {
  let simulator: RunningSimulator;
  let uptime: UptimeClient;
  let services: ReturnType<typeof createServices>;
  let deps: ServiceDeps;

  beforeAll(async () => {
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const links = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) });
    uptime = new UptimeClient({ baseUrl: simulator.url });
    deps = {
      uptime,
      links,
      pendingActions: new PendingActionStore({ redis, keys }),
      cleanup: new WorkspaceCleanup(),
      clock: systemClock,
      logger: silentLogger,
    };
    services = createServices(deps);
    const team = { id: "1", name: "Acme Production" };
    await links.save(owner, "demo-owner-token", {
      apiUserId: "1",
      apiUserName: "Olivia",
      teams: [{ ...team, role: "owner" }],
    });
    await links.save(readonly, "demo-readonly-token", {
      apiUserId: "3",
      apiUserName: "Read Only",
      teams: [{ ...team, role: "read-only" }],
    });
  });
  afterAll(async () => {
    await uptime?.close();
    await simulator?.close();
  });

  it("createMonitorTarget reads the link only; unlinked users get NotLinkedError", async () => {
    await expect(services.createMonitorTarget(owner)).resolves.toEqual({
      teamId: "1",
      teamName: "Acme Production",
    });
    await expect(services.createMonitorTarget(nobody)).rejects.toBeInstanceOf(NotLinkedError);
  });

  it("lists the seeded groups, filtered", async () => {
    const all = await services.listGroups(owner, { teamId: "1" });
    expect(all.map((g) => g.name)).toEqual(["API", "Infrastructure", "Website"]);
    const some = await services.listGroups(owner, { teamId: "1", query: "web" });
    expect(some.map((g) => g.name)).toEqual(["Website"]);
  });

  it("pauses by name, says unchanged the second time, resumes", async () => {
    const first = await services.pauseMonitor(owner, { query: "blog" });
    expect(first).toMatchObject({ changed: true, monitor: { name: "Blog", paused: true } });
    const again = await services.pauseMonitor(owner, { query: "Blog" });
    expect(again).toMatchObject({ changed: false, monitor: { paused: true } });
    const resumed = await services.resumeMonitor(owner, { monitorId: first.monitor.id });
    expect(resumed).toMatchObject({ changed: true, monitor: { paused: false } });
  });

  it("a read-only member gets PermissionDeniedError and the monitor stays active", async () => {
    await expect(services.pauseMonitor(readonly, { query: "Docs" })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    const docs = await services.resumeMonitor(owner, { query: "Docs" });
    expect(docs.changed).toBe(false);
  });

  it("an unknown name suggests the closest ones", async () => {
    const error = await services.pauseMonitor(owner, { query: "Paymnts API" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MonitorNotFoundError);
    expect((error as MonitorNotFoundError).suggestions).toContain("Payments API");
  });

  it("creates a TCP monitor with the user's token", async () => {
    const { monitor, teamName } = await services.createMonitor(owner, {
      teamId: "1",
      input: {
        kind: "tcp_port",
        name: "Unit TCP",
        host: "db.example.com",
        port: 5432,
        timeout: 5,
        interval: 300,
      },
    });
    expect(teamName).toBe("Acme Production");
    expect(monitor).toMatchObject({
      name: "Unit TCP",
      kind: "tcp_port",
      settings: { host: "db.example.com", port: 5432 },
    });
  });
});

describe("createMonitor bounded by its signal", () => {
  let server: Server;
  const hanging = new Set<import("node:http").ServerResponse>();
  beforeAll(async () => {
    // Accepts the request and never answers: the service the 3 s view_submission budget guards against.
    server = createServer((_req, res) => void hanging.add(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it("rejects with TimeoutError when the deadline passes, without retrying the POST", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const links = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) });
    await links.save(owner, "tok", {
      apiUserId: "1",
      apiUserName: "O",
      teams: [{ id: "1", name: "T", role: "owner" }],
    });
    const uptime = new UptimeClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    const services = createServices({
      uptime,
      links,
      pendingActions: new PendingActionStore({ redis, keys }),
      cleanup: new WorkspaceCleanup(),
      clock: systemClock,
      logger: silentLogger,
    });
    const error = await services
      .createMonitor(owner, {
        teamId: "1",
        input: { kind: "http", name: "x", url: "https://x.example" },
        signal: AbortSignal.timeout(100),
      })
      .catch((e: unknown) => e);
    await uptime.close().catch(() => {});
    expect(error).toBeInstanceOf(TimeoutError);
    expect(hanging.size).toBe(1);
  });
});
