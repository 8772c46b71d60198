import { randomBytes } from "node:crypto";
import type { Installation } from "@slack/oauth";
import { describe, expect, it } from "vitest";
import type { WorkspaceRef } from "../../../src/domain/workspace-ref";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { InstallationNotFoundError, RedisInstallationStore } from "../../../src/store/installation-store";
import { keyspace } from "../../../src/store/keys";
import { type LinkProfile, LinkStore } from "../../../src/store/link-store";
import { PendingActionStore } from "../../../src/store/pending-action-store";
import { storeCleanupParticipants, WorkspaceCleanup } from "../../../src/store/workspace-cleanup";
import { testRedis } from "../../support/redis";
import { rawValues } from "./raw-values";

const { redis, prefix } = testRedis();
const cipher = TokenCipher.fromSetting(randomBytes(32).toString("hex"));
let n = 0;

function setup() {
  const keys = keyspace(`${prefix}${++n}:`);
  const links = new LinkStore({ redis, keys, cipher });
  const pendingActions = new PendingActionStore({ redis, keys });
  const installations = new RedisInstallationStore({ redis, keys, cipher });
  const cleanup = new WorkspaceCleanup(storeCleanupParticipants({ links, pendingActions, installations }));
  return { keys, links, pendingActions, installations, cleanup };
}

const profile: LinkProfile = {
  apiUserId: "5",
  apiUserName: "Grace",
  teams: [{ id: "1", name: "Ops", role: "owner" }],
};
const ack = { kind: "acknowledge", apiTeamId: "1", incidentId: "42" } as const;

function install(teamId: string, userToken?: string): Installation<"v2", false> {
  return {
    team: { id: teamId },
    enterprise: undefined,
    user: { id: "U1", token: userToken, scopes: userToken ? ["identify"] : undefined },
    bot: { token: `xoxb-${teamId}`, scopes: ["chat:write"], id: "B1", userId: "UB1" },
    isEnterpriseInstall: false,
    authVersion: "v2",
  };
}

async function populate(s: ReturnType<typeof setup>, ws: WorkspaceRef & { teamId: string }) {
  await s.installations.storeInstallation(install(ws.teamId, "xoxp-u1"));
  for (const userId of ["U1", "U2"]) await s.links.save({ ...ws, userId }, `tok-${userId}`, profile);
  for (const userId of ["U2", "U3"]) await s.pendingActions.put({ ...ws, userId }, ack);
}

const query = (teamId: string) => ({ teamId, enterpriseId: undefined, isEnterpriseInstall: false }) as const;

describe("WorkspaceCleanup with the store participants", () => {
  it("app_uninstalled removes the installation, links and pending actions of that workspace only", async () => {
    const s = setup();
    await populate(s, { teamId: "T1" });
    await populate(s, { teamId: "T2" });
    expect(s.cleanup.names).toEqual(["links", "pending-actions", "installation"]);

    await s.cleanup.appUninstalled({ teamId: "T1" });
    await s.cleanup.appUninstalled({ teamId: "T1" }); // Slack retries: idempotent
    const left = [...(await rawValues(redis, s.keys.prefix)).keys()];
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((key) => key.includes("T:T1"))).toEqual([]);
    await expect(s.installations.fetchInstallation(query("T1"))).rejects.toBeInstanceOf(
      InstallationNotFoundError,
    );
    expect(await s.links.getToken({ teamId: "T2", userId: "U1" })).toBe("tok-U1");
    expect(await s.pendingActions.take({ teamId: "T2", userId: "U3" })).not.toBeNull();
  });

  it("tokens_revoked for users removes their links, pending actions and Slack user tokens", async () => {
    const s = setup();
    await populate(s, { teamId: "T1" });
    await s.cleanup.tokensRevoked({ teamId: "T1" }, { oauth: ["U1", "U2"], bot: [] });
    expect(await s.links.listWorkspaceUsers({ teamId: "T1" })).toEqual([]);
    expect(await s.pendingActions.take({ teamId: "T1", userId: "U2" })).toBeNull();
    expect(await s.pendingActions.take({ teamId: "T1", userId: "U3" })).not.toBeNull();
    const installation = await s.installations.fetchInstallation(query("T1"));
    expect(installation.user.token).toBeUndefined();
    expect(installation.bot?.token).toBe("xoxb-T1");
  });

  it("tokens_revoked for the bot removes the installation and every link of that workspace", async () => {
    const s = setup();
    await populate(s, { teamId: "T1" });
    await populate(s, { teamId: "T2" });
    await s.cleanup.tokensRevoked({ teamId: "T1" }, { bot: ["UB1"] });
    await expect(s.installations.fetchInstallation(query("T1"))).rejects.toBeInstanceOf(
      InstallationNotFoundError,
    );
    // Without the bot nothing of the workspace can be served: no token is kept for it.
    expect(await s.links.listWorkspaceUsers({ teamId: "T1" })).toEqual([]);
    expect(await s.links.getToken({ teamId: "T1", userId: "U1" })).toBeNull();
    expect(await s.pendingActions.take({ teamId: "T1", userId: "U2" })).toBeNull();
    expect(await s.links.listWorkspaceUsers({ teamId: "T2" })).toEqual(["U1", "U2"]);
  });

  it("a person deactivated in Slack loses their link and token like one who revoked them", async () => {
    const s = setup();
    await populate(s, { teamId: "T1" });
    await s.cleanup.usersDeactivated({ teamId: "T1" }, ["U1"]);
    expect(await s.links.get({ teamId: "T1", userId: "U1" })).toBeNull();
    expect(await s.links.getToken({ teamId: "T1", userId: "U2" })).toBe("tok-U2");
    // Redelivered: nothing left to do, no error.
    await s.cleanup.usersDeactivated({ teamId: "T1" }, ["U1"]);
    expect(await s.links.listWorkspaceUsers({ teamId: "T1" })).toEqual(["U2"]);
  });

  it("cleans an org-wide install by enterprise id", async () => {
    const s = setup();
    const org: WorkspaceRef = { isEnterpriseInstall: true, enterpriseId: "E1", teamId: "T5" };
    await s.links.save({ ...org, userId: "W1" }, "tok", profile);
    await s.pendingActions.put({ ...org, userId: "W2" }, ack);
    await s.links.save({ teamId: "T5", userId: "W1" }, "tok-ws", profile);
    await s.cleanup.appUninstalled({ isEnterpriseInstall: true, enterpriseId: "E1" });
    expect(await s.links.get({ ...org, userId: "W1" })).toBeNull();
    expect(await s.pendingActions.take({ ...org, userId: "W2" })).toBeNull();
    expect(await s.links.getToken({ teamId: "T5", userId: "W1" })).toBe("tok-ws");
  });
});
