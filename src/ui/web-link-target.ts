import type { WebLinkTarget } from "../domain/web-link-target";
import { ID_PLACEHOLDER, type WebLinks } from "./web-links";

export type { WebLinkTarget } from "../domain/web-link-target";

/** An API id as the buttons' codecs accept it (src/ui/codecs.ts): the card's buttons carry it. */
const ID_PATTERN = /^\d{1,18}$/;

/**
 * The host Slack unfurls for (manifest `features.unfurl_domains`): UPTIME_WEB_URL's host name, without port.
 * Undefined without web links.
 */
export function unfurlDomain(links: WebLinks | undefined): string | undefined {
  return links ? new URL(links.baseUrl).hostname : undefined;
}

/** `template` as a matcher of a whole path; the id is the one capture. Null when it holds no `{id}`. */
function pathMatcher(basePath: string, template: string): RegExp | null {
  const parts = template.split(ID_PLACEHOLDER);
  if (parts.length !== 2) return null;
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [before = "", after = ""] = parts;
  const lead = before.startsWith("/") ? "" : "/";
  return new RegExp(`^${literal(basePath)}${lead}${literal(before)}([^/]+)${literal(after)}/?$`);
}

/**
 * The monitor or incident a URL of the web app names, or null for any other URL (another host, another
 * path, a malformed id). Pure: the link_shared handler asks nothing of the API for a URL this refuses.
 * Query and fragment are ignored (a shared link often carries tracking parameters).
 */
export function webLinkTarget(links: WebLinks | undefined, raw: string): WebLinkTarget | null {
  if (!links) return null;
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw);
    base = new URL(links.baseUrl);
  } catch {
    return null;
  }
  if (url.hostname !== base.hostname || url.port !== base.port) return null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const basePath = base.pathname === "/" ? "" : base.pathname.replace(/\/$/, "");
  const idOf = (template: string) => {
    const match = pathMatcher(basePath, template)?.exec(url.pathname);
    if (!match?.[1]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    return ID_PATTERN.test(id) ? id : null;
  };
  // The incident template first: with a custom one such as /monitors/{id}/incidents/... it is the longer.
  const incidentId = idOf(links.incidentPath);
  if (incidentId) return { kind: "incident", incidentId };
  const monitorId = idOf(links.monitorPath);
  if (monitorId) return { kind: "monitor", monitorId };
  return null;
}
