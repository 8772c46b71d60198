import { describe, expect, it } from "vitest";
import { apiErrorFrom } from "../../../src/uptime/api-error-from";
import {
  ApiError,
  AuthenticationError,
  ClientError,
  NotFoundError,
  PermissionDeniedError,
  parseRetryAfter,
  RateLimitError,
  ServerError,
  UptimeError,
  ValidationError,
} from "../../../src/uptime/errors";

const req = { method: "POST", path: "/teams/1/monitors" };

describe("apiErrorFrom", () => {
  it("maps statuses to classes", () => {
    const cases: [number, typeof ApiError][] = [
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [422, ValidationError],
      [429, RateLimitError],
      [500, ServerError],
      [503, ServerError],
      [400, ClientError],
      [413, ClientError],
      [415, ClientError],
      [302, ApiError],
    ];
    for (const [status, cls] of cases) {
      const err = apiErrorFrom(status, {}, "", req);
      expect(err).toBeInstanceOf(cls);
      expect(err).toBeInstanceOf(UptimeError);
      expect(err.status).toBe(status);
    }
  });

  it("reads an A1 document: title, detail and field errors with pointers", () => {
    const body = JSON.stringify({
      errors: [
        {
          status: "422",
          title: "Invalid attribute",
          detail: "url must be a URL",
          source: { pointer: "/data/attributes/settings/url" },
        },
        {
          status: 422,
          title: "Invalid attribute",
          detail: "interval",
          source: { pointer: "/data/attributes/interval" },
        },
        { title: "General", detail: "no pointer" },
        "junk",
      ],
    });
    const err = apiErrorFrom(422, { "content-type": "application/json" }, body, req) as ValidationError;
    expect(err.title).toBe("Invalid attribute");
    expect(err.detail).toBe("url must be a URL");
    expect(err.errors).toHaveLength(3);
    expect(err.errors[1]?.status).toBe("422");
    expect(err.fieldErrors).toEqual([
      {
        pointer: "/data/attributes/settings/url",
        field: "url",
        title: "Invalid attribute",
        detail: "url must be a URL",
      },
      {
        pointer: "/data/attributes/interval",
        field: "interval",
        title: "Invalid attribute",
        detail: "interval",
      },
    ]);
    expect(err.message).toBe("POST /teams/1/monitors: 422 Invalid attribute - url must be a URL");
    expect(err.method).toBe("POST");
    expect(err.path).toBe("/teams/1/monitors");
  });

  it("copes with empty, non-JSON and odd bodies (A1)", () => {
    const empty = apiErrorFrom(404, {}, "", req);
    expect([empty.title, empty.detail, empty.errors]).toEqual(["Not Found", null, []]);
    const html = apiErrorFrom(502, {}, "<html>Bad gateway</html>", req);
    expect([html.title, html.detail, html.rawBody]).toEqual([
      "Bad Gateway",
      null,
      "<html>Bad gateway</html>",
    ]);
    const message = apiErrorFrom(400, {}, JSON.stringify({ message: "bad filter" }), req);
    expect(message.detail).toBe("bad filter");
    expect(apiErrorFrom(500, {}, "null", req).errors).toEqual([]);
    expect(apiErrorFrom(500, {}, JSON.stringify({ errors: "nope" }), req).errors).toEqual([]);
    expect(apiErrorFrom(500, {}, "x".repeat(5000), req).rawBody).toHaveLength(1000);
  });

  it("exposes Retry-After seconds on 429", () => {
    expect((apiErrorFrom(429, { "retry-after": "7" }, "", req) as RateLimitError).retryAfter).toBe(7);
    expect((apiErrorFrom(429, {}, "", req) as RateLimitError).retryAfter).toBeNull();
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates", () => {
    const now = Date.parse("2024-05-01T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(["3"], now)).toBe(3);
    expect(parseRetryAfter("Wed, 01 May 2024 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Wed, 01 May 2024 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
