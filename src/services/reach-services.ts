import type { WebLinkTarget } from "../domain/web-link-target";
import type { UnfurlRecord } from "../store/unfurl-store";
import type { UserRef } from "../store/workspace";
import { monitorStatus } from "./monitor-status";
import type { ServiceDeps } from "./service-deps";
import { rememberUnfurl, type UnfurlCardView, unfurlCard, unfurlsToRefresh } from "./unfurl-cards";

export type { MonitorStatusView } from "./monitor-status";
export type { UnfurlCardView, UnfurlRefresh } from "./unfurl-cards";

/** Slack's own surfaces beyond the command (issue 38): link unfurls and Workflow Builder steps. */
export function reachServices(deps: ServiceDeps) {
  return {
    /** A pasted link's card, read with the poster's token; null: no unfurl (docs/slack-app.md). */
    unfurlCard: (ref: UserRef, target: WebLinkTarget) => unfurlCard(deps, ref, target),
    rememberUnfurl: (record: UnfurlRecord, view: UnfurlCardView) => rememberUnfurl(deps, record, view),
    unfurlsToRefresh: (incidentId: string) => unfurlsToRefresh(deps, incidentId),
    /** The "Get monitor status" workflow step. */
    monitorStatus: (ref: UserRef, query: string) => monitorStatus(deps, ref, query),
  };
}
