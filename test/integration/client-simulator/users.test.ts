// The client's users resource against the simulator over real HTTP (through a recording proxy).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../../src/uptime";
import { expectRecordedJsonApi, type Stack, startStack } from "./stack";

let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock: fixedClock("2026-03-10T12:00:00Z") });
});
afterAll(async () => {
  expectRecordedJsonApi(s.proxy);
  await s.close();
});

describe("client users against the simulator", () => {
  it("me() with include=teams resolves the teams from included", async () => {
    const me = await s.owner.users.me({ include: ["teams"] });
    expect(me).toMatchObject({ id: "1", firstName: "Olivia", lastName: "Owner", teamIds: ["1", "2"] });
    expect(me.url).toBe(`${s.proxy.url}/users/1`);
    expect(me.teams?.map((t) => t.name)).toEqual(["Acme Production", "Acme Staging"]);
  });

  it("get() a teammate with the shared teams only; a stranger is NotFoundError", async () => {
    const stan = await s.owner.users.get(4);
    expect(stan).toMatchObject({ id: "4", firstName: "Stan", teamIds: ["2"] });
    await expect(s.member.users.get(4)).rejects.toBeInstanceOf(NotFoundError);
    await expect(s.owner.users.get(999)).rejects.toMatchObject({ name: "NotFoundError", status: 404 });
  });

  it("update() changes the own record and refuses another user's with 403", async () => {
    const updated = await s.member.users.update(2, { firstName: "Maxine", timeZone: "Europe/Paris" });
    expect(updated).toMatchObject({ id: "2", firstName: "Maxine", timeZone: "Europe/Paris" });
    expect((await s.member.users.me()).firstName).toBe("Maxine");
    // `me` works in the path and as the body's id alike.
    expect((await s.member.users.update("me", { lastName: "Mustermann" })).lastName).toBe("Mustermann");
    const err = await s.member.users.update(1, { firstName: "Mallory" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect((await s.owner.users.me()).firstName).toBe("Olivia");
  });

  it("update() with an invalid attribute is a ValidationError pointing at it", async () => {
    const err = await s.member.users.update(2, { firstName: "" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors.map((f) => f.pointer)).toEqual([
      "/data/attributes/firstName",
    ]);
  });

  it("teams() lists the caller's teams with members and roles", async () => {
    const teams = await s.owner.users.teams();
    expect(teams.map((t) => t.id)).toEqual(["1", "2"]);
    expect(teams[1]?.members).toEqual(
      expect.arrayContaining([
        { userId: "1", role: "regular" },
        { userId: "4", role: "owner" },
      ]),
    );
    expect((await s.owner.users.teams(4)).map((t) => t.id)).toEqual(["2"]);
  });

  it("deleteMe() refuses a wrong password (422 on the password) and deletes with the right one (202)", async () => {
    s.sim.control.seed({
      teams: [
        {
          name: "Throw-away",
          users: [{ firstName: "Tess", token: "throwaway-token", role: "owner", password: "right-pass" }],
        },
      ],
    });
    const tess = s.client.as("throwaway-token");
    const wrong = await tess.users.deleteMe("wrong-pass").catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect((wrong as ValidationError).fieldErrors).toMatchObject([
      { pointer: "/data/attributes/password", field: "password" },
    ]);
    expect((await tess.users.me()).firstName).toBe("Tess");
    await expect(tess.users.deleteMe("right-pass")).resolves.toBeUndefined();
    const deleted = s.proxy.responses.find((r) => r.method === "DELETE" && r.status === 202);
    expect(deleted).toBeDefined();
    // The token went with the account.
    await expect(tess.users.me()).rejects.toMatchObject({ name: "AuthenticationError", status: 401 });
  });
});
