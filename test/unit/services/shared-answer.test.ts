import { describe, expect, it } from "vitest";
import { isTeamRefusal } from "../../../src/services/shared-answer";
import { NetworkError, NotFoundError, PermissionDeniedError, ServerError } from "../../../src/uptime";

const init = (status: number, path: string) => ({
  status,
  title: status === 403 ? "Forbidden" : "Not Found",
  detail: null,
  errors: [],
  headers: {},
  request: { method: "GET", path },
  rawBody: "",
});

describe("isTeamRefusal: the API refused the team a shared answer showed", () => {
  it("is a 404 of the team's own paths, after any base path", () => {
    for (const path of [
      "/teams/2",
      "/teams/2/monitors?page=2",
      "/api/v3/teams/2/incidents",
      "/teams/2?include=x",
    ]) {
      expect(isTeamRefusal(new NotFoundError(init(404, path)), "2"), path).toBe(true);
    }
  });

  it("is not a 404 of another team, of a monitor or of an incident: those say that one is gone", () => {
    for (const path of ["/teams/21/monitors", "/teams/1", "/monitors/2", "/incidents/2"]) {
      expect(isTeamRefusal(new NotFoundError(init(404, path)), "2"), path).toBe(false);
    }
  });

  it("is any 403 of the read, and nothing else", () => {
    expect(isTeamRefusal(new PermissionDeniedError(init(403, "/monitors/5")), "2")).toBe(true);
    expect(isTeamRefusal(new ServerError(init(500, "/teams/2/monitors")), "2")).toBe(false);
    expect(
      isTeamRefusal(new NetworkError("socket hang up", { method: "GET", path: "/teams/2" }, null), "2"),
    ).toBe(false);
    expect(isTeamRefusal(new Error("boom"), "2")).toBe(false);
  });
});
