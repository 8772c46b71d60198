import { describe, expect, it } from "vitest";
import { UsageError } from "../../../src/uptime/errors";
import { path, queryString } from "../../../src/uptime/path";

describe("path", () => {
  it("encodes each value as one segment (group names with spaces and slashes)", () => {
    expect(path`/teams/${1}/groups/${"Web / public"}/latency-daily`).toBe(
      "/teams/1/groups/Web%20%2F%20public/latency-daily",
    );
    expect(path`/users/${"me"}`).toBe("/users/me");
    expect(path`/x/${"a?b#c&d"}`).toBe("/x/a%3Fb%23c%26d");
    expect(path`/x/${".."}/y`).toBe("/x/%2E%2E/y");
  });

  it("refuses empty segments and non-integer numbers with a UsageError", () => {
    expect(() => path`/monitors/${""}`).toThrow(UsageError);
    expect(() => path`/monitors/${1.5}`).toThrow(UsageError);
    expect(() => path`/monitors/${Number.NaN}`).toThrow(UsageError);
  });
});

describe("queryString", () => {
  it("skips undefined values, encodes values and keeps bracketed keys and list commas", () => {
    expect(
      queryString({
        "page[number]": 2,
        "filter[name]": "a b&c",
        "filter[group]": undefined,
        include: "checks,incidents",
      }),
    ).toBe("?page[number]=2&filter[name]=a%20b%26c&include=checks,incidents");
    expect(queryString({ include: undefined })).toBe("");
  });
});
