import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Api, expectError, MEMBER, READONLY, startApi } from "./helpers";

let api: Api;
const clock = fixedClock("2026-03-10T12:00:00Z");

beforeAll(async () => {
  api = await startApi({ seed: "demo", clock });
});
afterAll(() => api.sim.close());

const monitorBody = (attributes: Record<string, unknown>) => ({ data: { type: "monitors", attributes } });

describe("simulator: monitors (create, update, pause, delete)", () => {
  it("creates an HTTP monitor: 201, Location, pending state, a new group", async () => {
    const a = await api.call("POST", "/teams/1/monitors", {
      body: monitorBody({
        name: "Status page",
        group: "Edge",
        settings: { url: "https://status.example.com/" },
      }),
    });
    expect(a.status).toBe(201);
    const m = a.body.data;
    expect(a.headers.location).toBe(`${api.url}/monitors/${m.id}`);
    expect(m.links.self).toBe(`${api.url}/monitors/${m.id}`);
    expect(m.attributes).toMatchObject({
      name: "Status page",
      interval: 60,
      group: "Edge",
      status: 1,
      state: null,
    });
    expect(m.meta).toMatchObject({ status: 1, state: null });
    const groups = await api.get("/teams/1/groups");
    expect(groups.body.data.map((g: { id: string }) => g.id)).toContain("Edge");
    const team = await api.get("/teams/1");
    expect(team.body.data.meta.monitorCounters.pending).toBe(1);
  });

  it("creates a tcp_port monitor (A8)", async () => {
    const a = await api.call("POST", "/teams/1/monitors", {
      token: MEMBER,
      body: monitorBody({
        name: "LDAP",
        service: "tcp_port",
        interval: 300,
        settings: { host: "ldap.example.internal", port: 389, timeout: 5 },
      }),
    });
    expect(a.status).toBe(201);
    expect(a.body.data.attributes).toMatchObject({
      service: "tcp_port",
      interval: 300,
      settings: { host: "ldap.example.internal", port: 389, timeout: 5 },
    });
  });

  it("refuses bad fields with one 422 error per field, each with its pointer", async () => {
    const a = await api.call("POST", "/teams/1/monitors", {
      body: monitorBody({ name: "", interval: 45, settings: { url: "ftp://example.com" }, colour: "red" }),
    });
    expectError(a, 422);
    const pointers = a.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort();
    expect(pointers).toEqual([
      "/data/attributes/colour",
      "/data/attributes/interval",
      "/data/attributes/name",
      "/data/attributes/settings/url",
    ]);
    const tcp = await api.call("POST", "/teams/1/monitors", {
      body: monitorBody({ name: "x", service: "tcp_port", settings: { port: 70000 } }),
    });
    expectError(tcp, 422, "/data/attributes/settings/host");
    expectError(tcp, 422, "/data/attributes/settings/port");
    expectError(
      await api.call("POST", "/teams/1/monitors", { body: monitorBody({ name: "x" }) }),
      422,
      "/data/attributes/settings/url",
    );
    expectError(await api.call("POST", "/teams/1/monitors", { body: { name: "x" } }), 422, "/data");
    expectError(
      await api.call("POST", "/teams/1/monitors", {
        body: { data: { type: "teams", attributes: { name: "x" } } },
      }),
      422,
      "/data/type",
    );
  });

  it("updates with PATCH (200), merging settings; the kind is fixed", async () => {
    const a = await api.call("PATCH", "/monitors/2", {
      body: {
        data: {
          type: "monitors",
          id: "2",
          attributes: { name: "Shop", settings: { keywordBody: "Welcome" } },
        },
      },
    });
    expect(a.status).toBe(200);
    expect(a.body.data.attributes.name).toBe("Shop");
    expect(a.body.data.attributes.settings).toEqual({
      url: "https://shop.example.com/health",
      keywordBody: "Welcome",
    });
    expect(a.body.data.meta.updated).toBe("2026-03-10T12:00:00+00:00");
    expectError(
      await api.call("PATCH", "/monitors/2", { body: monitorBody({ service: "tcp_port" }) }),
      422,
      "/data/attributes/service",
    );
    expectError(
      await api.call("PATCH", "/monitors/2", {
        body: { data: { type: "monitors", id: "3", attributes: {} } },
      }),
      422,
      "/data/id",
    );
  });

  it("disables and enables (A4: meta.status 0 / 1), with 200 and the resource", async () => {
    const off = await api.call("POST", "/monitors/3/disable");
    expect(off.status).toBe(200);
    expect(off.body.data.meta.status).toBe(0);
    expect(off.body.data.attributes.status).toBe(0);
    expect((await api.get("/teams/1")).body.data.meta.monitorCounters.paused).toBe(2);
    const on = await api.call("POST", "/monitors/3/enable", { token: MEMBER });
    expect(on.body.data.meta.status).toBe(1);
  });

  it("deletes with 204; the monitor and its incidents are gone", async () => {
    const a = await api.call("DELETE", "/monitors/4");
    expect(a.status).toBe(204);
    expect(a.body).toBeUndefined();
    expectError(await api.get("/monitors/4"), 404);
    const del = await api.call("DELETE", "/monitors/3");
    expect(del.status).toBe(204);
    const incidents = await api.get("/teams/1/incidents");
    expect(incidents.body.data.map((i: { id: string }) => i.id)).not.toContain("1");
  });

  it("refuses every monitor change by a read-only member with 403", async () => {
    const attempts = [
      api.call("POST", "/teams/1/monitors", {
        token: READONLY,
        body: monitorBody({ name: "x", settings: { url: "https://x.example.com" } }),
      }),
      api.call("PATCH", "/monitors/1", { token: READONLY, body: monitorBody({ name: "y" }) }),
      api.call("POST", "/monitors/1/disable", { token: READONLY }),
      api.call("POST", "/monitors/8/enable", { token: READONLY }),
      api.call("DELETE", "/monitors/1", { token: READONLY }),
    ];
    for (const a of await Promise.all(attempts)) expectError(a, 403);
    expect((await api.get("/monitors/1")).body.data.attributes.name).toBe("Marketing site");
  });

  it("answers 404 for monitors of another team, whatever the method", async () => {
    expectError(await api.get("/monitors/13", MEMBER), 404);
    expectError(
      await api.call("PATCH", "/monitors/13", { token: MEMBER, body: monitorBody({ name: "z" }) }),
      404,
    );
    expectError(await api.call("DELETE", "/monitors/13", { token: MEMBER }), 404);
    expectError(
      await api.call("POST", "/teams/2/monitors", { token: MEMBER, body: monitorBody({ name: "z" }) }),
      404,
    );
  });
});

describe("simulator: acknowledge (A7)", () => {
  it("acknowledges an open incident once; again is 200 unchanged; read-only 403; ended 422", async () => {
    const opened = await api.control("POST", "/__simulator/monitors/6/fail", {
      reason: "HTTP 503 Service Unavailable",
    });
    expect(opened.status).toBe(200);
    const id = opened.body.data.id;
    expect(opened.body.data.attributes).toMatchObject({ ended: null, acknowledged: null, downtime: null });
    expectError(await api.call("POST", `/incidents/${id}/acknowledge`, { token: READONLY }), 403);
    const first = await api.call("POST", `/incidents/${id}/acknowledge`, { token: MEMBER });
    expect(first.status).toBe(200);
    expect(first.body.data.attributes.acknowledged).toBe("2026-03-10T12:00:00+00:00");
    clock.advance(60_000);
    const again = await api.call("POST", `/incidents/${id}/acknowledge`);
    expect(again.status).toBe(200);
    expect(again.body.data.attributes.acknowledged).toBe("2026-03-10T12:00:00+00:00");
    expectError(await api.call("POST", "/incidents/2/acknowledge"), 422);
    expectError(await api.call("POST", "/incidents/999/acknowledge"), 404);
    await api.control("POST", "/__simulator/monitors/6/recover");
  });
});

describe("simulator: user changes", () => {
  it("PATCH /users/{id}: own record only, validated", async () => {
    const a = await api.call("PATCH", "/users/1", {
      body: {
        data: {
          type: "users",
          attributes: { firstName: "Liv", silentStart: "23:30", timeZone: "Europe/Paris" },
        },
      },
    });
    expect(a.status).toBe(200);
    expect(a.body.data.attributes).toMatchObject({
      firstName: "Liv",
      silentStart: "23:30",
      timeZone: "Europe/Paris",
    });
    expect(a.body.data.links.self).toBe(`${api.url}/users/1`);
    expectError(
      await api.call("PATCH", "/users/2", {
        body: { data: { type: "users", attributes: { firstName: "X" } } },
      }),
      403,
    );
    const bad = await api.call("PATCH", "/users/me", {
      body: { data: { type: "users", attributes: { silentEnd: "25:00", timeZone: "Mars/Base" } } },
    });
    expectError(bad, 422, "/data/attributes/silentEnd");
    expectError(bad, 422, "/data/attributes/timeZone");
  });
});

describe("simulator: DELETE /users/me", () => {
  it("needs the right password (422), then answers 202 and the token stops working", async () => {
    const own = await startApi({ clock });
    try {
      const seeded = await own.control("POST", "/__simulator/seed", {
        teams: [
          {
            name: "Solo",
            users: [{ firstName: "Sol", token: "solo-token", role: "owner", password: "s3cret" }],
          },
        ],
      });
      expect(seeded.status).toBe(201);
      const body = (password: string) => ({ data: { type: "users", attributes: { password } } });
      expectError(
        await own.call("DELETE", "/users/me", { token: "solo-token", body: body("wrong") }),
        422,
        "/data/attributes/password",
      );
      const ok = await own.call("DELETE", "/users/me", { token: "solo-token", body: body("s3cret") });
      expect(ok.status).toBe(202);
      expectError(await own.get("/users/me", "solo-token"), 401);
    } finally {
      await own.sim.close();
    }
  });
});
