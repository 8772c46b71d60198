/**
 * Links from Slack to the Uptime web app (UPTIME_WEB_URL). Renderers take `WebLinks | undefined`:
 * undefined (the setting is absent) leaves every name as plain text, so the output stays what it was.
 */
export interface WebLinks {
  /** Absolute http(s) URL without a trailing slash, e.g. https://uptime.example.com or .../app. */
  baseUrl: string;
  /** Path templates holding `{id}`, e.g. `/monitors/{id}`. */
  monitorPath: string;
  incidentPath: string;
}

export const ID_PLACEHOLDER = "{id}";
export const DEFAULT_MONITOR_PATH = "/monitors/{id}";
export const DEFAULT_INCIDENT_PATH = "/incidents/{id}";

/** `baseUrl` + the template with every `{id}` replaced by the id, URL-encoded (an id is API data, not a path). */
export function webUrl(baseUrl: string, pathTemplate: string, id: string): string {
  const path = pathTemplate.split(ID_PLACEHOLDER).join(encodeURIComponent(id));
  return `${baseUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function monitorUrl(links: WebLinks, monitorId: string): string {
  return webUrl(links.baseUrl, links.monitorPath, monitorId);
}

export function incidentUrl(links: WebLinks, incidentId: string): string {
  return webUrl(links.baseUrl, links.incidentPath, incidentId);
}

/**
 * `<url|label>`. `label` is mrkdwn already (escapeMrkdwn: no raw `<`, `>` or `&`), so it cannot close the
 * link; a `|` in it is harmless because Slack splits at the first one, which must then be ours: the URL
 * gets `|`, `<`, `>` and white space percent-encoded and `&` escaped as Slack's formatting asks.
 */
export function slackLink(url: string, label: string): string {
  const safe = url.replace(/&/g, "&amp;").replace(/[|<>\s]/g, (c) => encodeURIComponent(c));
  return `<${safe}|${label}>`;
}

/** The monitor's escaped `label` linked to its page, or `label` as it is without links or an id. */
export function monitorLink(
  links: WebLinks | undefined,
  monitorId: string | null | undefined,
  label: string,
): string {
  return links && monitorId ? slackLink(monitorUrl(links, monitorId), label) : label;
}

/** The incident's escaped `label` linked to its page, or `label` as it is without links or an id. */
export function incidentLink(
  links: WebLinks | undefined,
  incidentId: string | null | undefined,
  label: string,
): string {
  return links && incidentId ? slackLink(incidentUrl(links, incidentId), label) : label;
}
