import type { WebLinkTarget } from "../domain/web-link-target";
import type { UserRef } from "../domain/workspace-ref";
import type { UnfurlChoice, UnfurlPrompt } from "../store/unfurl-consent-store";
import type { UnfurlRecord } from "../store/unfurl-store";
import { monitorStatus } from "./monitor-status";
import type { ServiceDeps } from "./service-deps";
import {
  forgetUnfurl,
  rememberUnfurl,
  type UnfurlCardView,
  unfurlCard,
  unfurlsToRefresh,
} from "./unfurl-cards";
import {
  answerUnfurl,
  askUnfurl,
  setExternalUnfurls,
  setUnfurlNever,
  unfurlAudience,
  unfurlSettings,
} from "./unfurl-consent";

export type { MonitorStatusView } from "./monitor-status";
export type { UnfurlCardView, UnfurlRefresh } from "./unfurl-cards";

/** Slack's own surfaces beyond the command: link unfurls and Workflow Builder steps. */
export function reachServices(deps: ServiceDeps) {
  return {
    /** A pasted link's card, read with the poster's token; null: no unfurl (docs/slack-app.md). */
    unfurlCard: (ref: UserRef, target: WebLinkTarget) => unfurlCard(deps, ref, target),
    rememberUnfurl: (record: UnfurlRecord, view: UnfurlCardView) => rememberUnfurl(deps, record, view),
    unfurlsToRefresh: (incidentId: string) => unfurlsToRefresh(deps, incidentId),
    forgetUnfurl: (incidentId: string, record: UnfurlRecord) => forgetUnfurl(deps, incidentId, record),
    /** Consent to previews (docs/slack-app.md "Link unfurls"). */
    unfurlAudience: (ref: UserRef, channel: string, external: boolean) =>
      unfurlAudience(deps, ref, channel, external),
    askUnfurl: (prompt: UnfurlPrompt) => askUnfurl(deps, prompt),
    answerUnfurl: (ref: UserRef, promptId: string, choice: UnfurlChoice) =>
      answerUnfurl(deps, ref, promptId, choice),
    unfurlSettings: (ref: UserRef) => unfurlSettings(deps, ref),
    setUnfurlNever: (ref: UserRef, never: boolean) => setUnfurlNever(deps, ref, never),
    setExternalUnfurls: (ref: UserRef, allowed: boolean) => setExternalUnfurls(deps, ref, allowed),
    /** The "Get monitor status" workflow step. */
    monitorStatus: (ref: UserRef, query: string) => monitorStatus(deps, ref, query),
  };
}
