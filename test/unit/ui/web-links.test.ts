import { describe, expect, it } from "vitest";
import { escapeMrkdwn } from "../../../src/ui/text";
import {
  incidentLink,
  incidentUrl,
  monitorLink,
  monitorUrl,
  slackLink,
  type WebLinks,
  webUrl,
} from "../../../src/ui/web-links";

const links: WebLinks = {
  baseUrl: "https://uptime.example.com",
  monitorPath: "/monitors/{id}",
  incidentPath: "/incidents/{id}",
};

/** What Slack would read as the URL and the label of the first `<...|...>` token. */
function parseLink(mrkdwn: string): { url: string; label: string } | null {
  const match = /<([^|>]*)\|([^>]*)>/.exec(mrkdwn);
  return match ? { url: match[1]!, label: match[2]! } : null;
}

describe("webUrl", () => {
  it("joins the base URL and the template, the id URL-encoded", () => {
    expect(monitorUrl(links, "77")).toBe("https://uptime.example.com/monitors/77");
    expect(incidentUrl(links, "9001")).toBe("https://uptime.example.com/incidents/9001");
    expect(monitorUrl(links, "a/b c?d#e")).toBe("https://uptime.example.com/monitors/a%2Fb%20c%3Fd%23e");
  });

  it("keeps the base URL's own path and replaces every {id} of the template", () => {
    expect(webUrl("https://example.com/app", "/m/{id}/overview?ref={id}", "5")).toBe(
      "https://example.com/app/m/5/overview?ref=5",
    );
    expect(webUrl("https://example.com", "monitor/{id}", "5")).toBe("https://example.com/monitor/5");
  });
});

describe("slackLink", () => {
  it("wraps an escaped label: <url|label>", () => {
    expect(slackLink("https://uptime.example.com/monitors/5", "*API*")).toBe(
      "<https://uptime.example.com/monitors/5|*API*>",
    );
  });

  it("keeps a name with | or > from breaking or redirecting the link", () => {
    const name = escapeMrkdwn("a|b> <https://evil.example|click> & co");
    const link = slackLink("https://uptime.example.com/monitors/5", name);
    expect(parseLink(link)).toEqual({ url: "https://uptime.example.com/monitors/5", label: name });
    // One token: nothing after our closing `>`.
    expect(link.endsWith(`${name}>`)).toBe(true);
    expect(link.indexOf(">")).toBe(link.length - 1);
  });

  it("percent-encodes |, <, > and spaces of the URL and escapes &, so the URL ends at our |", () => {
    const link = slackLink("https://x.example/a|b<c>d e?x=1&y=2", "n");
    expect(link).toBe("<https://x.example/a%7Cb%3Cc%3Ed%20e?x=1&amp;y=2|n>");
    expect(parseLink(link)?.label).toBe("n");
  });
});

describe("monitorLink and incidentLink", () => {
  it("link the label to the page when links are set", () => {
    expect(monitorLink(links, "77", "Checkout API")).toBe(
      "<https://uptime.example.com/monitors/77|Checkout API>",
    );
    expect(incidentLink(links, "9001", "#9001")).toBe("<https://uptime.example.com/incidents/9001|#9001>");
  });

  it("leave the label exactly as it is without links or without an id", () => {
    expect(monitorLink(undefined, "77", "Checkout API")).toBe("Checkout API");
    expect(monitorLink(links, null, "unknown monitor")).toBe("unknown monitor");
    expect(incidentLink(undefined, "9001", "#9001")).toBe("#9001");
    expect(incidentLink(links, "", "#?")).toBe("#?");
  });
});
