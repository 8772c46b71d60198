import type { WebClient } from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { WebApiPoster } from "../../../src/slack/web-api-poster";
import { workspacePosters } from "../../../src/slack/workspace-posters";
import type { RedisInstallationStore } from "../../../src/store/installation-store";

// Issue 32, "Bounded and timed": the display names and the per-workspace posters are kept for a while
// and for a bounded number of users and workspaces, not for the life of the process.

describe("a poster's display names", () => {
  const slack = () => {
    const asked: string[] = [];
    const client = {
      users: {
        info: async ({ user }: { user: string }) => {
          asked.push(user);
          return { ok: true, user: { profile: { display_name: `name of ${user}` } } };
        },
      },
    } as unknown as WebClient;
    return { asked, client };
  };

  it("keeps at most maxNames: the oldest is asked for again", async () => {
    const { asked, client } = slack();
    const poster = new WebApiPoster(client, { maxNames: 2 });
    for (const user of ["U1", "U2", "U1", "U3", "U3", "U1"]) await poster.userName(user);
    expect(asked).toEqual(["U1", "U2", "U3", "U1"]);
    expect(await poster.userName("U3")).toBe("name of U3");
  });

  it("asks again after nameTtlMs (a renamed user shows)", async () => {
    const { asked, client } = slack();
    const clock = fixedClock(0);
    const poster = new WebApiPoster(client, { nameTtlMs: 60_000, clock });
    await poster.userName("U1");
    clock.advance(59_999);
    await poster.userName("U1");
    clock.advance(1);
    await poster.userName("U1");
    expect(asked).toEqual(["U1", "U1"]);
  });
});

describe("the per-workspace posters (OAuth)", () => {
  const installations = () => {
    const fetched: string[] = [];
    const store = {
      fetchInstallation: async ({ teamId }: { teamId: string }) => {
        fetched.push(teamId);
        return { bot: { token: `xoxb-${teamId}` } };
      },
    } as unknown as RedisInstallationStore;
    return { fetched, store };
  };

  it("keeps at most maxEntries workspaces: the oldest reads its installation again", async () => {
    const { fetched, store } = installations();
    const posterFor = workspacePosters({ oauth: true }, store, silentLogger, { maxEntries: 2 });
    const first = await posterFor({ teamId: "T1" });
    expect(await posterFor({ teamId: "T1" })).toBe(first);
    await posterFor({ teamId: "T2" });
    await posterFor({ teamId: "T3" });
    expect(await posterFor({ teamId: "T1" })).not.toBe(first);
    expect(fetched).toEqual(["T1", "T2", "T3", "T1"]);
  });

  it("reads a workspace's installation again after ttlMs", async () => {
    const { fetched, store } = installations();
    const clock = fixedClock(0);
    const posterFor = workspacePosters({ oauth: true }, store, silentLogger, { ttlMs: 1000, clock });
    await posterFor({ teamId: "T1" });
    clock.advance(999);
    await posterFor({ teamId: "T1" });
    clock.advance(1);
    await posterFor({ teamId: "T1" });
    expect(fetched).toEqual(["T1", "T1"]);
  });
});
