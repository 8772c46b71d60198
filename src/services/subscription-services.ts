import type { UserRef } from "../domain/workspace-ref";
import type { RollupInput } from "./acknowledge-rollup";
import {
  type ArchiveIncidentChannelInput,
  archiveIncidentChannel,
  type IncidentChannelInput,
  openIncidentChannel,
} from "./incident-channel";
import { listChannelSubscriptions } from "./list-subscriptions";
import { endMaintenance, listMaintenance, type PlanMaintenanceInput, planMaintenance } from "./maintenance";
import { type MuteInput, type MuteTypedInput, muteMonitor, muteTyped } from "./mute-monitor";
import { muteRollup } from "./mute-rollup";
import { type PostDigestInput, postDigest } from "./post-digest";
import type { ServiceDeps } from "./service-deps";
import { type AnnounceResult, type SubscribeInput, type SubscriptionPreview, subscribe } from "./subscribe";
import { type UnmuteInput, unmuteMonitor } from "./unmute-monitor";
import { type UnsubscribeInput, unsubscribe } from "./unsubscribe";

export type { Mute } from "../store/mute-store";
export type { IncidentChannelInput, OpenIncidentChannelOutcome } from "./incident-channel";
export type { ChannelSubscriptionsView, SubscriptionView } from "./list-subscriptions";
export type { EndMaintenanceOutcome, MaintenanceTarget, PlanMaintenanceInput } from "./maintenance";
export type { MuteInput, MuteOutcome, MuteTypedInput } from "./mute-monitor";
export type { MuteRollupOutcome } from "./mute-rollup";
export type { PostDigestInput, PostDigestOutcome } from "./post-digest";
export type {
  AnnounceResult,
  DownNow,
  SubscribeInput,
  SubscribeOutcome,
  SubscriptionPreview,
} from "./subscribe";
export type { UnmuteInput, UnmuteOutcome } from "./unmute-monitor";
export type { UnsubscribeInput, UnsubscribeOutcome } from "./unsubscribe";

/**
 * Channel alert subscriptions and the Mute overflow (docs/architecture.md sections 1 and 5), bound to their
 * dependencies. They need `deps.alerts` (AlertsNotConfiguredError otherwise).
 */
export function subscriptionServices(deps: ServiceDeps) {
  return {
    /** `/uptime subscribe`; `announce` posts the summary in the channel (nothing is created if it cannot). */
    subscribe: (
      ref: UserRef,
      input: SubscribeInput,
      announce: (preview: SubscriptionPreview) => Promise<AnnounceResult>,
    ) => subscribe(deps, ref, input, announce),
    unsubscribe: (ref: UserRef, input: UnsubscribeInput) => unsubscribe(deps, ref, input),
    listChannelSubscriptions: (ref: UserRef, channelId: string) =>
      listChannelSubscriptions(deps, ref, channelId),
    muteMonitor: (ref: UserRef, input: MuteInput) => muteMonitor(deps, ref, input),
    /** `/uptime mute <monitor> <duration | until-recovered>`. */
    muteTyped: (ref: UserRef, input: MuteTypedInput) => muteTyped(deps, ref, input),
    /** Mute all of a storm roll-up. */
    muteRollup: (ref: UserRef, input: RollupInput & { hours: number }) => muteRollup(deps, ref, input),
    /** "Open incident channel" on an alert or a roll-up. */
    openIncidentChannel: (ref: UserRef, input: IncidentChannelInput) => openIncidentChannel(deps, ref, input),
    /** Archive on an incident channel's recovery summary. */
    archiveIncidentChannel: (ref: UserRef, input: ArchiveIncidentChannelInput) =>
      archiveIncidentChannel(deps, ref, input),
    /** The Unmute button and `/uptime unmute <monitor>`. */
    unmuteMonitor: (ref: UserRef, input: UnmuteInput) => unmuteMonitor(deps, ref, input),
    /** `/uptime maintenance ...`: plan, end and list this channel's quiet windows. */
    planMaintenance: (ref: UserRef, input: PlanMaintenanceInput) => planMaintenance(deps, ref, input),
    endMaintenance: (ref: UserRef, input: { channelId: string; id: string }) =>
      endMaintenance(deps, ref, input),
    listMaintenance: (ref: UserRef, channelId: string) => listMaintenance(deps, ref, channelId),
    /** `/uptime digest`: the channel's digest, posted now. */
    postDigest: (ref: UserRef, input: PostDigestInput) => postDigest(deps, ref, input),
  };
}
