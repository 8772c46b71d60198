import { describe, expect, it } from "vitest";
import { decodeList, decodeOne, decodePage, decodeStatus } from "../../../src/uptime/decode/documents";
import { DecodeError } from "../../../src/uptime/errors";
import * as fx from "./fixtures";

function decodeErrorOf(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err;
    throw err;
  }
  throw new Error("expected a DecodeError");
}

const clone = <T>(v: T): T => structuredClone(v);

describe("wrong types are typed DecodeErrors with a path", () => {
  it("names the attribute of the list item", () => {
    const doc = clone(fx.monitorPageEarlier);
    (doc.data[1]!.attributes as Record<string, unknown>).interval = "five minutes";
    const err = decodeErrorOf(() => decodePage("monitors", doc));
    expect(err.issues[0]?.path).toBe("data[1].attributes.interval");
    expect(err.message).toContain("data[1].attributes.interval");
  });

  it("names the included member when a resolved relation is malformed", () => {
    const doc = clone(fx.monitorPageEarlier);
    (doc.included[0]!.attributes as Record<string, unknown>).started = "yesterday";
    const err = decodeErrorOf(() => decodePage("monitors", doc));
    expect(err.issues[0]?.path).toBe("included[0].attributes.started");
  });

  it("refuses a resource of another type", () => {
    const err = decodeErrorOf(() => decodeOne("monitors", fx.teamWithIncludes));
    expect(err.issues[0]?.path).toBe("data.type");
  });

  it("refuses a numeric id (ids are strings in payloads)", () => {
    const doc = clone(fx.monitorCreated) as unknown as { data: { id: unknown } };
    doc.data.id = 31;
    expect(decodeErrorOf(() => decodeOne("monitors", doc)).issues[0]?.path).toBe("data.id");
  });

  it("refuses a list where one resource is expected and the reverse", () => {
    expect(decodeErrorOf(() => decodeOne("checks", fx.teamChecks)).issues[0]?.path).toBe("data");
    expect(decodeErrorOf(() => decodeList("checks", fx.monitorCreated)).issues[0]?.path).toBe("data");
  });

  it("refuses a wrong envelope and a missing primary data", () => {
    const doc = clone(fx.monitorPageLater) as unknown as { meta: Record<string, unknown> };
    doc.meta.hasMorePages = "no";
    expect(decodeErrorOf(() => decodePage("monitors", doc)).issues[0]?.path).toBe("meta.hasMorePages");
    expect(decodeErrorOf(() => decodeOne("teams", { meta: {} })).issues[0]?.path).toBe("data");
    expect(decodeErrorOf(() => decodeStatus({ meta: { status: 1 } })).issues[0]?.path).toBe("meta.status");
  });

  it("refuses included members without type or id", () => {
    const doc = { ...clone(fx.userTeams), included: [{ attributes: {} }] };
    const err = decodeErrorOf(() => decodeList("teams", doc));
    expect(err.issues.map((i) => i.path)).toEqual(["included[0].type", "included[0].id"]);
  });

  it("refuses a timestamp that is not ISO 8601", () => {
    const doc = clone(fx.teamChecks);
    doc.data[0]!.attributes.created = "1714557600";
    expect(decodeErrorOf(() => decodeList("checks", doc)).issues[0]).toEqual({
      path: "data[0].attributes.created",
      message: "expected an ISO 8601 timestamp",
    });
  });
});

describe("tolerance", () => {
  it("keeps unknown members out of the way and unknown meta members available", () => {
    const doc = clone(fx.monitorTcp) as unknown as {
      data: Record<string, unknown> & { attributes: Record<string, unknown>; meta: Record<string, unknown> };
      jsonapi?: unknown;
    };
    doc.data.attributes.newFeature = { nested: [1, 2] };
    doc.data.meta.region = "eu";
    doc.data.unexpected = true;
    doc.jsonapi = { version: "1.0" };
    const m = decodeOne("monitors", doc);
    expect(m.name).toBe("DB port");
    expect(m.meta.region).toBe("eu");
  });

  it("ignores included resources of types it does not decode, and unresolvable references", () => {
    const team = decodeOne("teams", fx.teamWithIncludes);
    expect(team.members?.[1]?.user).toBeUndefined();
  });

  it("treats an unknown state as 'unknown' and a page without envelope as a single page", () => {
    const doc = clone(fx.monitorCreated) as unknown as { data: Record<string, unknown> };
    doc.data.meta = { state: 5 };
    expect(decodeOne("monitors", doc).state).toBe("unknown");
    const page = decodePage("checks", fx.teamChecks);
    expect(page.meta).toEqual({ currentPage: 1, count: 2, perPage: 2, hasMorePages: false });
  });
});
