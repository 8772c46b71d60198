import { describe, expect, it } from "vitest";
import { unfurlDomain, webLinkTarget } from "../../../src/ui/web-link-target";
import type { WebLinks } from "../../../src/ui/web-links";
import { WEB_LINKS } from "./query-fixtures";

describe("webLinkTarget", () => {
  it("reads monitor and incident links under a base URL with a path", () => {
    expect(webLinkTarget(WEB_LINKS, "https://uptime.example.com/app/monitors/12")).toEqual({
      kind: "monitor",
      monitorId: "12",
    });
    expect(webLinkTarget(WEB_LINKS, "https://uptime.example.com/app/incidents/345/?utm=x#top")).toEqual({
      kind: "incident",
      incidentId: "345",
    });
  });

  it("refuses other hosts, ports, paths and ids the buttons could not carry", () => {
    for (const url of [
      "https://evil.example.com/app/monitors/12",
      "https://uptime.example.com:8443/app/monitors/12",
      "https://uptime.example.com/monitors/12",
      "https://uptime.example.com/app/monitors/12/checks",
      "https://uptime.example.com/app/monitors/abc",
      "https://uptime.example.com/app/monitors/%2e%2e",
      "ftp://uptime.example.com/app/monitors/12",
      "not a url",
    ]) {
      expect(webLinkTarget(WEB_LINKS, url), url).toBeNull();
    }
    expect(webLinkTarget(undefined, "https://uptime.example.com/app/monitors/12")).toBeNull();
  });

  it("follows custom templates, the incident's first when one holds the other", () => {
    const links: WebLinks = {
      baseUrl: "https://status.example.org",
      monitorPath: "/m/{id}",
      incidentPath: "/m/{id}/timeline",
    };
    expect(webLinkTarget(links, "https://status.example.org/m/7/timeline")).toEqual({
      kind: "incident",
      incidentId: "7",
    });
    expect(webLinkTarget(links, "https://status.example.org/m/7")).toEqual({
      kind: "monitor",
      monitorId: "7",
    });
  });

  it("names the unfurl domain: the host of UPTIME_WEB_URL", () => {
    expect(unfurlDomain(WEB_LINKS)).toBe("uptime.example.com");
    expect(unfurlDomain(undefined)).toBeUndefined();
  });
});
