import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../../dev/simulator";
import type { AcknowledgedInSlack, Alerts } from "../../../src/alerts";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { systemClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { createServices } from "../../../src/services";
import {
  InvalidTokenError,
  NotLinkedError,
  RequestRefusedError,
  StaleLinkError,
} from "../../../src/services/errors";
import { teamsOf } from "../../../src/services/link-account";
import type { ServiceDeps } from "../../../src/services/service-deps";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { PendingActionStore } from "../../../src/store/pending-action-store";
import type { Subscription } from "../../../src/store/subscription-store";
import { WorkspaceCleanup } from "../../../src/store/workspace-cleanup";
import { type Team, UptimeClient, type User } from "../../../src/uptime";
import { testRedis } from "../../support/redis";

const olivia: UserRef = { teamId: "T0TEST", userId: "U0OLIVIA" };
const rita: UserRef = { teamId: "T0TEST", userId: "U0RITA" };
const nobody: UserRef = { teamId: "T0TEST", userId: "U0NOBODY" };

const team = (id: string, name: string, members: Team["members"]): Team => ({
  id,
  url: null,
  meta: {},
  name,
  counters: null,
  availableFeatures: [],
  members,
  createdAt: null,
  updatedAt: null,
});

describe("teamsOf", () => {
  it("takes each team's role of this user from the team relationships (A3), keeping unknown roles", () => {
    const user = {
      id: "7",
      teamIds: ["1", "2", "3"],
      teams: [
        team("1", "Prod", [
          { userId: "6", role: "owner" },
          { userId: "7", role: "read-only" },
        ]),
        team("2", "Staging", [{ userId: "7", role: "auditor" }]),
      ],
    } as unknown as User;
    expect(teamsOf(user)).toEqual([
      { id: "1", name: "Prod", role: "read-only" },
      { id: "2", name: "Staging", role: "auditor" },
      { id: "3", name: "Team 3", role: "unknown" },
    ]);
  });
});

describe("account services against the simulator", () => {
  let simulator: RunningSimulator;
  let uptime: UptimeClient;
  let services: ReturnType<typeof createServices>;
  let deps: ServiceDeps;
  const acknowledged: AcknowledgedInSlack[] = [];

  beforeAll(async () => {
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    uptime = new UptimeClient({ baseUrl: simulator.url });
    deps = {
      uptime,
      links: new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) }),
      pendingActions: new PendingActionStore({ redis, keys }),
      cleanup: new WorkspaceCleanup(),
      clock: systemClock,
      logger: silentLogger,
      // Only the redraw after an acknowledge: the rest of the alerts module is not used here.
      alerts: {
        acknowledged: async (ack: AcknowledgedInSlack) => void acknowledged.push(ack),
      } as unknown as Alerts,
    };
    services = createServices(deps);
  });
  afterAll(async () => {
    await uptime?.close();
    await simulator?.close();
  });

  it("refuses empty, malformed and unknown tokens before storing anything", async () => {
    await expect(services.linkAccount(nobody, "   ")).rejects.toMatchObject({ reason: "empty" });
    await expect(services.linkAccount(nobody, "two words")).rejects.toMatchObject({ reason: "malformed" });
    await expect(services.linkAccount(nobody, "nope")).rejects.toBeInstanceOf(InvalidTokenError);
    expect(await services.whoAmI(nobody)).toBeNull();
  });

  it("links with the profile of GET /users/me and both teams with their roles", async () => {
    const link = await services.linkAccount(olivia, DEMO_TOKENS.owner);
    expect(link).toMatchObject({
      apiUserId: "1",
      apiUserName: "Olivia Owner",
      email: "olivia@acme.example.com",
      teams: [
        { id: "1", name: "Acme Production", role: "owner" },
        { id: "2", name: "Acme Staging", role: "regular" },
      ],
      activeTeamId: "1",
      stale: false,
    });
  });

  it("chooses a team by id, exact name or unambiguous part of a name; suggests otherwise", async () => {
    expect(await services.chooseTeam(olivia, "2")).toMatchObject({
      kind: "chosen",
      team: { name: "Acme Staging" },
    });
    expect(await services.chooseTeam(olivia, "ACME PRODUCTION")).toMatchObject({
      kind: "chosen",
      team: { id: "1" },
    });
    expect(await services.chooseTeam(olivia, "stag")).toMatchObject({ kind: "chosen", team: { id: "2" } });
    const ambiguous = await services.chooseTeam(olivia, "acme");
    expect(ambiguous).toMatchObject({ kind: "no-match", query: "acme" });
    expect(ambiguous.kind === "no-match" && ambiguous.suggestions.map((t) => t.id).sort()).toEqual([
      "1",
      "2",
    ]);
    expect((await services.whoAmI(olivia))?.activeTeamId).toBe("2");
    await services.chooseTeam(olivia, "1");
    await expect(services.chooseTeam(nobody, "1")).rejects.toBeInstanceOf(NotLinkedError);
  });

  it("App Home reads the user's link once, their subscriptions' team and monitor names included", async () => {
    const reads: string[] = [];
    const links = new Proxy(deps.links, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          reads.push(String(prop));
          return value.apply(target, args);
        };
      },
    });
    const subscription: Subscription = {
      id: "s1",
      workspace: { teamId: "T0TEST" },
      channelId: "C0ALERTS",
      apiTeamId: "1",
      filters: { monitors: ["1"], groups: [] },
      mention: null,
      subscriber: { userId: olivia.userId, apiUserId: "1" },
      target: "team:1:x",
      createdAt: 1,
      paused: null,
    };
    const alerts = {
      subscriptions: { listBySubscriber: async () => [subscription] },
    } as unknown as Alerts;
    const home = await createServices({ ...deps, links, alerts }).homeData(olivia);
    expect(home.kind === "linked" && home.subscriptions).toEqual([
      expect.objectContaining({
        channelId: "C0ALERTS",
        teamName: "Acme Production",
        monitors: [{ id: "1", name: expect.any(String) }],
      }),
    ]);
    expect(reads).toEqual(["getWithToken"]);
  });

  it("calls the alert hook only for a fresh acknowledge from a channel message", async () => {
    const incidentId = simulator.control.fail(2)!.id;
    const source = { channelId: "C0ALERTS", messageTs: "1.000100" };
    const first = await services.acknowledgeIncident(olivia, { incidentId, apiTeamId: "1", source });
    expect(first).toMatchObject({ status: "acknowledged", incidentId, apiTeamId: "1" });
    expect(acknowledged).toEqual([
      {
        workspace: { teamId: "T0TEST" },
        channelId: "C0ALERTS",
        incidentId,
        ackedBy: "U0OLIVIA",
      },
    ]);
    const again = await services.acknowledgeIncident(olivia, { incidentId, source });
    expect(again.status).toBe("already");
    expect(acknowledged).toHaveLength(1);
    simulator.control.recover(2);
  });

  it("completes a remembered acknowledge once after linking, and reports a refusal instead of throwing", async () => {
    const incidentId = simulator.control.fail(3)!.id;
    await services.rememberPendingAction(rita, { kind: "acknowledge", apiTeamId: "1", incidentId });
    await services.linkAccount(rita, DEMO_TOKENS.readonly);
    const [result, ...more] = await services.completePendingActions(rita);
    expect(result && "error" in result && (result.error as { code?: string }).code).toBe(
      "api.permission-denied",
    );
    expect(more).toEqual([]);
    expect(await services.completePendingActions(rita)).toEqual([]);

    await services.rememberPendingAction(olivia, { kind: "acknowledge", apiTeamId: "1", incidentId });
    const [done] = await services.completePendingActions(olivia);
    expect(done && "outcome" in done && done.kind === "acknowledge" && done.outcome.status).toBe(
      "acknowledged",
    );
    simulator.control.recover(3);
  });

  it("attributes an acknowledge only after the API accepted it, and never one it refused", async () => {
    const incidentId = simulator.control.fail(4)!.id;
    // Each attribution hook notes whether the API had the incident acknowledged when it ran.
    const calls: { hook: string; ackedBy: string; acceptedByApi: boolean }[] = [];
    const hook = (name: string) => async (ack: { ackedBy: string }) => {
      const incident = await uptime.as(DEMO_TOKENS.owner).incidents.get(incidentId);
      calls.push({ hook: name, ackedBy: ack.ackedBy, acceptedByApi: incident.acknowledged !== null });
      return true;
    };
    const alerts = {
      // The hooks of a claim made before the API answered, in case they are still called.
      acknowledging: hook("acknowledging"),
      acknowledgeAbandoned: hook("acknowledgeAbandoned"),
      acknowledged: hook("acknowledged"),
    } as unknown as Alerts;
    const attributing = createServices({ ...deps, alerts });
    // Rita is linked by the test above; the API refuses her (read-only): nobody is named, not even for a moment.
    await expect(attributing.acknowledgeIncident(rita, { incidentId, apiTeamId: "1" })).rejects.toMatchObject(
      {
        code: "api.permission-denied",
      },
    );
    expect(calls).toEqual([]);
    await attributing.acknowledgeIncident(olivia, { incidentId, apiTeamId: "1" });
    expect(calls).toEqual([{ hook: "acknowledged", ackedBy: "U0OLIVIA", acceptedByApi: true }]);
    simulator.control.recover(4);
  });

  it("completes a Pause or Resume carried in the login modal, saying how each went", async () => {
    const [paused, ...more] = await services.completePendingActions(olivia, {
      action: "pause",
      monitorId: "1",
    });
    expect(more).toEqual([]);
    expect(paused).toMatchObject({ kind: "pause", monitorId: "1", outcome: { changed: true } });
    const [resumed] = await services.completePendingActions(olivia, { action: "resume", monitorId: "1" });
    expect(resumed).toMatchObject({ kind: "resume", outcome: { changed: true, monitor: { paused: false } } });
    const [refused] = await services.completePendingActions(rita, { action: "pause", monitorId: "1" });
    expect(refused && "error" in refused && (refused.error as { code?: string }).code).toBe(
      "api.permission-denied",
    );
  });

  it("keeps the link after one refused request that GET /users/me does not confirm", async () => {
    simulator.control.setFault({ status: 401, count: 1 });
    await expect(services.acknowledgeIncident(olivia, { incidentId: "1" })).rejects.toBeInstanceOf(
      RequestRefusedError,
    );
    expect(await services.homeData(olivia)).toMatchObject({ kind: "linked", link: { stale: false } });
  });

  it("reports a stale link on home and on acknowledge once GET /users/me confirms the 401", async () => {
    // The acknowledge and the GET /users/me that confirms its 401.
    simulator.control.setFault({ status: 401, count: 2 });
    await expect(services.acknowledgeIncident(olivia, { incidentId: "1" })).rejects.toBeInstanceOf(
      StaleLinkError,
    );
    expect(await services.homeData(olivia)).toMatchObject({ kind: "stale", link: { stale: true } });
    expect(await services.homeData(nobody)).toEqual({ kind: "unlinked" });
    await expect(services.listTeams(olivia)).rejects.toBeInstanceOf(StaleLinkError);
  });
});
