import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UptimeClient } from "../../../src/uptime/client";
import { UsageError } from "../../../src/uptime/errors";
import { createMonitorAttributes, updateMonitorAttributes } from "../../../src/uptime/resources/monitors";
import { splitBaseUrl } from "../../../src/uptime/transport";
import { CLIENT_VERSION } from "../../../src/uptime/version";

describe("monitor bodies (A8)", () => {
  it("maps an HTTP monitor: no service, url under settings", () => {
    const attrs = createMonitorAttributes({
      kind: "http",
      name: "Shop",
      url: "https://shop.example",
      interval: 60,
    });
    expect(JSON.parse(JSON.stringify(attrs))).toEqual({
      name: "Shop",
      interval: 60,
      settings: { url: "https://shop.example" },
    });
  });

  it("maps a tcp_port monitor with group and keeps an explicit null group", () => {
    const attrs = createMonitorAttributes({
      kind: "tcp_port",
      name: "DB",
      host: "db",
      port: 5432,
      timeout: 5,
      group: "Backend",
      pronounceable: null,
    });
    expect(JSON.parse(JSON.stringify(attrs))).toEqual({
      name: "DB",
      group: "Backend",
      pronounceable: null,
      service: "tcp_port",
      settings: { host: "db", port: 5432, timeout: 5 },
    });
  });

  it("refuses an unknown kind with a UsageError", () => {
    expect(() => createMonitorAttributes({ kind: "ping", name: "x" } as never)).toThrow(UsageError);
  });

  it("puts settings members of an update under settings, only when given", () => {
    expect(JSON.parse(JSON.stringify(updateMonitorAttributes({ name: "n", group: null })))).toEqual({
      name: "n",
      group: null,
    });
    expect(JSON.parse(JSON.stringify(updateMonitorAttributes({ url: "https://x", interval: 30 })))).toEqual({
      interval: 30,
      settings: { url: "https://x" },
    });
  });
});

describe("client construction", () => {
  it("splits base URLs with and without a path", () => {
    expect(splitBaseUrl("http://127.0.0.1:4010")).toMatchObject({
      origin: "http://127.0.0.1:4010",
      basePath: "",
    });
    expect(splitBaseUrl("http://127.0.0.1:4010/")).toMatchObject({ basePath: "" });
    expect(splitBaseUrl("https://api.example.com/v1/")).toMatchObject({
      origin: "https://api.example.com",
      basePath: "/v1",
    });
  });

  it("refuses bad base URLs, options and tokens with UsageErrors that never echo the token", async () => {
    expect(() => new UptimeClient({ baseUrl: "not a url" })).toThrow(UsageError);
    expect(() => new UptimeClient({ baseUrl: "ftp://x" })).toThrow(UsageError);
    expect(() => new UptimeClient({ baseUrl: "http://u:p@x" })).toThrow(UsageError);
    expect(() => new UptimeClient({ baseUrl: "http://x", connections: 0 })).toThrow(UsageError);
    const client = new UptimeClient({ baseUrl: "http://127.0.0.1:9" });
    expect(() => client.as("")).toThrow(UsageError);
    try {
      client.as("secret\r\nX-Evil: 1");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).not.toContain("secret");
    }
    await client.close();
  });

  it("sends the package version in User-Agent", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    expect(CLIENT_VERSION).toBe(pkg.version);
  });
});
