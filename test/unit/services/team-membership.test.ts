import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../../dev/simulator";
import type { AlertingAction } from "../../../src/domain/alerting-roles";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { acknowledgeRollup } from "../../../src/services/acknowledge-rollup";
import { requireCurrentMember } from "../../../src/services/alerts-permission";
import { AlertsChangeNotAllowedError, ReadOnlyRoleError } from "../../../src/services/errors";
import { linkAccount } from "../../../src/services/link-account";
import type { ServiceDeps } from "../../../src/services/service-deps";
import { MEMBERSHIP_MAX_AGE_MS } from "../../../src/services/team-membership";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { MembershipCache } from "../../../src/store/membership-cache";
import { PendingActionStore } from "../../../src/store/pending-action-store";
import { WorkspaceCleanup } from "../../../src/store/workspace-cleanup";
import { UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";

const PRODUCTION = { id: "1", name: "Acme Production" };
const max: UserRef = { teamId: "T0TEST", userId: "U0MAX" };
const rita: UserRef = { teamId: "T0TEST", userId: "U0RITA" };

describe("the caller's current teams and roles, from the API (issue 32)", () => {
  let simulator: RunningSimulator;
  let uptime: UptimeClient;
  let deps: ServiceDeps;
  const clock = fixedClock("2024-05-01T12:00:00Z");
  /** The API calls for the users' teams so far. */
  const membershipReads = () =>
    simulator.control.requests(1000).filter((r) => r.method === "GET" && r.path === "/users/me").length;
  const member = (ref: UserRef, action: AlertingAction = "mute-short") =>
    deps.links.get(ref).then((link) => requireCurrentMember(deps, ref, link!, PRODUCTION, action));

  beforeAll(async () => {
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    uptime = new UptimeClient({ baseUrl: simulator.url, retry: { retries: 0 } });
    deps = {
      uptime,
      links: new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()) }),
      pendingActions: new PendingActionStore({ redis, keys }),
      cleanup: new WorkspaceCleanup(),
      clock,
      logger: silentLogger,
      memberships: new MembershipCache({ redis, keys }),
    };
    await linkAccount(deps, max, DEMO_TOKENS.member);
    await linkAccount(deps, rita, DEMO_TOKENS.readonly);
  });
  beforeEach(() => {
    // The demo's roles, and past any answer of the test before: each starts by asking the API.
    simulator.control.addMember(1, DEMO_TOKENS.member, "regular");
    simulator.control.addMember(1, DEMO_TOKENS.readonly, "read-only");
    simulator.control.clearFaults();
    clock.advance(MEMBERSHIP_MAX_AGE_MS);
  });
  afterAll(async () => {
    await uptime?.close();
    await simulator?.close();
  });

  it("lets a change through on an answer at most a minute old, and asks again after that", async () => {
    const before = membershipReads();
    expect(await member(max)).toEqual({ ...PRODUCTION, role: "regular" });
    clock.advance(MEMBERSHIP_MAX_AGE_MS - 1);
    expect(await member(max)).toEqual({ ...PRODUCTION, role: "regular" });
    expect(membershipReads()).toBe(before + 1);

    simulator.control.removeMember(1, DEMO_TOKENS.member);
    clock.advance(1);
    await expect(member(max)).rejects.toMatchObject({
      reason: "not_member",
      teamName: "Acme Production",
    });
    expect(membershipReads()).toBe(before + 2);
  });

  it("decides a refusal on the API's answer of now: a role given a moment ago counts at once", async () => {
    const writer = "unsubscribe-others";
    await expect(member(rita, writer)).rejects.toBeInstanceOf(ReadOnlyRoleError);
    simulator.control.addMember(1, DEMO_TOKENS.readonly, "regular");
    expect(await member(rita, writer)).toMatchObject({ role: "regular" });
  });

  it("keeps the link's teams in step with the API's answer", async () => {
    simulator.control.addMember(1, DEMO_TOKENS.readonly, "regular");
    await member(rita);
    expect((await deps.links.get(rita))?.teams).toEqual([{ ...PRODUCTION, role: "regular" }]);
    simulator.control.addMember(1, DEMO_TOKENS.readonly, "read-only");
    clock.advance(MEMBERSHIP_MAX_AGE_MS);
    await member(rita);
    expect((await deps.links.get(rita))?.teams).toEqual([{ ...PRODUCTION, role: "read-only" }]);
  });

  it("refuses the change when the API does not answer, rather than trusting an older answer", async () => {
    await member(max);
    clock.advance(MEMBERSHIP_MAX_AGE_MS);
    simulator.control.setFault({ status: 503, path: "/users/me" });
    const refused = await member(max).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AlertsChangeNotAllowedError);
    expect(refused).toMatchObject({ change: "mute", reason: "unchecked" });
  });

  it("Acknowledge all tells someone removed from the roll-up's team so once, and acknowledges nothing", async () => {
    const incident = simulator.control.fail(5)!;
    const storm = {
      opens: {},
      rollup: {
        id: "r1",
        lastOpenAt: 0,
        members: {
          [String(incident.id)]: {
            stage: "open",
            view: {
              incident: { id: String(incident.id), monitorId: "5", started: new Date().toISOString() },
            },
          },
        },
      },
    };
    const alerts = { messages: { getStorm: async () => storm }, acknowledged: async () => {} };
    const withAlerts = { ...deps, alerts: alerts as unknown as ServiceDeps["alerts"] };
    await member(max);
    simulator.control.removeMember(1, DEMO_TOKENS.member);
    clock.advance(MEMBERSHIP_MAX_AGE_MS);
    await expect(
      acknowledgeRollup(withAlerts, max, { channelId: "C0ALERTS", apiTeamId: "1" }),
    ).rejects.toMatchObject({
      change: "acknowledge",
      reason: "not_member",
      teamName: "Acme Production",
    });
    const after = await uptime.as(DEMO_TOKENS.owner).incidents.get(String(incident.id));
    expect(after.acknowledged).toBeNull();
    simulator.control.recover(5);
  });

  it("does not reuse an answer about another API user after a relink", async () => {
    await member(max);
    // Max's Slack account is linked again, to Rita's API account: her role, not his cached one.
    await linkAccount(deps, max, DEMO_TOKENS.readonly);
    await expect(member(max, "replace-others")).rejects.toBeInstanceOf(ReadOnlyRoleError);
  });
});
