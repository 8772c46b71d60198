/**
 * What a link of the Uptime web app (UPTIME_WEB_URL) points at: parsed from a pasted URL by
 * src/ui/web-link-target.ts, read by the unfurl cards (services) and kept with each unfurl (store).
 */
export type WebLinkTarget = { kind: "monitor"; monitorId: string } | { kind: "incident"; incidentId: string };
