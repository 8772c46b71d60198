import type { TokenPauseReason } from "../../domain/pause-reasons";
import type { SlowRule } from "../../domain/slow-rule";
import { type UserRef, workspaceOf } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { PosterFor } from "../../slack/slack-poster";
import type { LinkStore } from "../../store/link-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import { AuthenticationError, type UptimeClient } from "../../uptime";
import type { ResolveToken } from "../engine/poll/poll-api-cache";
import type { PollHooks } from "../engine/poll/poll-once";
import type { AddPollTargetInput } from "../engine/poll/poller";
import type { PollState } from "../kinds/detectors";
import {
  renderPersonalAlertsEnded,
  renderTakeOverChannelNote,
  renderTakeOverDirectMessage,
  type TakeOverNotice,
} from "./render-paused-notice";
import type { SubscriptionPauses } from "./subscription-pauses";

export interface PollHookDeps {
  links: Pick<LinkStore, "get" | "getToken" | "dropRefusedToken">;
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled" | "listByWorkspace" | "moveTarget" | "delete">;
  pauses: Pick<SubscriptionPauses, "pause" | "resume">;
  pollTargets: {
    /** `slow`: the subscription's own rule; the target's meta gets it with its other subscriptions' (index.ts). */
    add(input: AddPollTargetInput & { slow?: SlowRule | undefined }, now: number): Promise<string>;
    remove(target: string, subscriber: string): Promise<number>;
  };
  /** Drops what else a deleted subscription had (its digest schedule). */
  forget(sub: Subscription): Promise<void>;
  /** The take-over notes and the "personal alerts ended" DM. */
  posterFor: PosterFor;
  /** Checks a candidate token before the subscriptions move onto it, and confirms a 401 before a drop. */
  client: Pick<UptimeClient, "as">;
  clock: Clock;
  logger: Logger;
}

/** The poller's token look-up and its hooks: links and subscriptions, seen from the poll side. */
export function pollHooks(deps: PollHookDeps): Required<PollHooks> & { resolveToken: ResolveToken } {
  const log = deps.logger.child({ component: "poll-hooks" });
  return {
    /**
     * The subscriber's token from their link; null when unlinked or stale (the poller then treats the
     * target like a rejected token). A token that cannot be decrypted (its key was removed) is as good as
     * gone: the subscriber is asked to link again rather than the target failing forever.
     */
    async resolveToken(meta) {
      try {
        return await deps.links.getToken(meta.tokenRef);
      } catch (err) {
        log.error({ err: (err as Error).name, apiTeamId: meta.apiTeamId }, "subscriber token unreadable");
        return null;
      }
    },

    /**
     * A confirmed rejection (docs/architecture.md section 5, "Never silent"; README "What the bot does with your
     * token"). Only a 401 that `GET /users/me` confirms drops the token, and only the token it confirmed.
     * A personal subscription is its owner's alone and never moves onto someone else's token: a confirmed
     * 403/404 on the team ends it, anything else pauses it until its owner logs in again. A channel's
     * subscriptions move onto another subscriber's token of the same team and Slack workspace, the channel
     * and that member told once; only when there is none are they paused, each said once.
     */
    async onTokenRejected(rejection) {
      if (rejection.kind === "unauthorized") await dropIfStillRefused(deps, rejection.meta.tokenRef, log);
      // An unreadable record (the delivery dead-letters its events) must not keep the others unpaused.
      const { subscriptions } = await deps.subscriptions.listByTargetSettled(rejection.target);
      const personal = subscriptions.filter((sub) => sub.personal !== undefined);
      const channels = subscriptions.filter((sub) => sub.personal === undefined);
      for (const sub of personal) {
        if (rejection.kind === "no_access") await endPersonal(deps, sub, log);
        else await deps.pauses.pause(sub, rejection.reason);
      }
      const kept = await handOver(
        deps,
        {
          target: rejection.target,
          apiTeamId: rejection.meta.apiTeamId,
          from: rejection.meta.tokenRef,
          reason: rejection.reason,
          baseline: {
            at: rejection.streak.since,
            // The state the poll's detectors stored: the incidents it tracks were already summarised.
            seen: rejection.state ? Object.keys((rejection.state as PollState).tracked) : [],
          },
        },
        channels,
      );
      for (const sub of kept) await deps.pauses.pause(sub, rejection.reason);
      if (channels.length > 0 && kept.length === 0) return "moved";
      log.warn(
        { target: rejection.target, reason: rejection.reason, subscriptions: subscriptions.length },
        "poll target's token rejected: subscriptions paused",
      );
      return "paused";
    },

    async onRecovered(target) {
      const { subscriptions } = await deps.subscriptions.listByTargetSettled(target);
      for (const sub of subscriptions) if (sub.paused) await deps.pauses.resume(sub);
    },

    // The subscribe reply already summarised what is down; the baseline itself posts nothing.
    onBaseline(target, openIncidents) {
      log.info({ target, open: openIncidents.length }, "subscription baseline taken");
    },
  };
}

/**
 * The poll's check confirmed a 401 with the token the poll used; the link may hold a fresh login's token
 * by now. The token it holds now is asked once more (`GET /users/me`) and dropped only if that very token is
 * refused (LinkStore.dropRefusedToken compares and sets).
 */
async function dropIfStillRefused(deps: PollHookDeps, ref: UserRef, log: Logger): Promise<void> {
  const token = await deps.links.getToken(ref).catch(() => null);
  if (!token) return;
  try {
    await deps.client.as(token).users.me();
    log.info({ userId: ref.userId }, "the link's token works: a new login since the refused poll is kept");
  } catch (error) {
    if (!(error instanceof AuthenticationError)) return;
    const dropped = await deps.links.dropRefusedToken(ref, token);
    log.warn({ userId: ref.userId, dropped }, "GET /users/me confirmed the poll token is refused: dropped");
  }
}

/**
 * A personal subscription whose owner the API no longer lets read the team: deleted, and they are told.
 * Someone offboarded (`tell: false`) is not: their Slack account is gone or no longer lets the app in.
 */
export async function endPersonal(
  deps: Pick<PollHookDeps, "subscriptions" | "pollTargets" | "forget" | "links" | "posterFor">,
  sub: Subscription,
  log: Logger,
  options: { tell: boolean } = { tell: true },
): Promise<void> {
  const { deleted } = await deps.subscriptions.delete(sub.id);
  if (deleted.length === 0) return;
  await deps.pollTargets.remove(sub.target, sub.id);
  await deps
    .forget(sub)
    .catch((err: unknown) => log.warn({ err, subscription: sub.id }, "digest not unscheduled"));
  log.warn(
    { subscription: sub.id, apiTeamId: sub.apiTeamId },
    options.tell ? "personal alerts ended: team access lost" : "personal alerts ended: subscriber offboarded",
  );
  if (!options.tell) return;
  const teamName = await teamNameOf(deps, { ...sub.workspace, userId: sub.subscriber.userId }, sub.apiTeamId);
  try {
    const poster = await deps.posterFor(sub.workspace);
    await poster.postDirectMessage(sub.subscriber.userId, renderPersonalAlertsEnded(teamName));
  } catch (err) {
    log.warn({ err, subscription: sub.id }, "could not tell the subscriber their personal alerts ended");
  }
}

async function teamNameOf(
  deps: Pick<PollHookDeps, "links">,
  ref: UserRef,
  apiTeamId: string,
): Promise<string | null> {
  const link = await deps.links.get(ref).catch(() => null);
  return link?.teams.find((t) => t.id === apiTeamId)?.name ?? null;
}

/** A poll target whose token can no longer be used, and what a take-over of its channels starts from. */
export interface Handover {
  target: string;
  apiTeamId: string;
  /** Whose token it was. */
  from: UserRef;
  reason: TokenPauseReason;
  /** The baseline of a new target: since when, and the incidents the old one already tracked. */
  baseline: { at: number; seen: string[] };
}

/**
 * Moves a channel's subscriptions onto another subscriber's token of the same API team and the same Slack
 * workspace (the team id: on an org-wide install every workspace of the enterprise shares one key, and a
 * channel of one workspace must not be read with the account of someone from another). Returns the
 * subscriptions no one could take over, for the caller to pause.
 */
export async function handOver(
  deps: PollHookDeps,
  handover: Handover,
  channels: readonly Subscription[],
): Promise<Subscription[]> {
  const byWorkspace = new Map<string, Subscription[]>();
  for (const sub of channels) {
    const team = sub.workspace.teamId ?? "";
    byWorkspace.set(team, [...(byWorkspace.get(team) ?? []), sub]);
  }
  const kept: Subscription[] = [];
  for (const [teamId, subs] of byWorkspace) {
    if (!(await takeOver(deps, handover, teamId, subs))) kept.push(...subs);
  }
  return kept;
}

/**
 * Moves a workspace's channel subscriptions onto the first other subscriber (same Slack workspace, same API
 * team) whose token still reads the team: their own target when they have one (it keeps its state), else a
 * new one whose baseline announces what began since the handover's baseline and was not tracked already.
 * Each channel and the member whose token takes over are told, once. True when moved; the old target goes
 * with its last subscriber.
 */
async function takeOver(
  deps: PollHookDeps,
  handover: Handover,
  slackTeamId: string,
  subscriptions: readonly Subscription[],
): Promise<boolean> {
  const { target, apiTeamId, from } = handover;
  const workspace = workspaceOf(from);
  const candidates = new Map<string, UserRef>();
  // One unreadable record in the workspace leaves no take-over: the subscriptions pause instead.
  const all = await deps.subscriptions.listByWorkspace(workspace).catch(() => []);
  for (const sub of all) {
    const userId = sub.subscriber.userId;
    if (sub.apiTeamId !== apiTeamId || sub.target === target || userId === from.userId) continue;
    if ((sub.workspace.teamId ?? "") !== slackTeamId) continue;
    if (!sub.paused) candidates.set(userId, { ...workspaceOf(sub.workspace), userId });
  }
  for (const ref of candidates.values()) {
    const token = await deps.links.getToken(ref).catch(() => null);
    if (!token) continue;
    try {
      await deps.client.as(token).teams.get(apiTeamId);
    } catch {
      continue;
    }
    const now = deps.clock.now();
    for (const sub of subscriptions) {
      const next = await deps.pollTargets.add(
        {
          apiTeamId,
          token,
          tokenRef: ref,
          subscriber: sub.id,
          baseline: handover.baseline,
          // A moved subscription keeps its slow rule on the new target.
          slow: sub.slow,
        },
        now,
      );
      await deps.subscriptions.moveTarget(sub.id, next);
      await deps.pollTargets.remove(target, sub.id);
    }
    deps.logger.warn(
      { target, apiTeamId, subscriptions: subscriptions.length, to: ref.userId },
      "channel subscriptions moved to another subscriber's token of the team",
    );
    await tellTakeOver(deps, subscriptions, { from: from.userId, to: ref, reason: handover.reason });
    return true;
  }
  return false;
}

/** One note in each channel that moved, and one DM to the member whose token now reads them. */
async function tellTakeOver(
  deps: PollHookDeps,
  subscriptions: readonly Subscription[],
  move: { from: string; to: UserRef; reason: TokenPauseReason },
): Promise<void> {
  const first = subscriptions[0];
  if (!first) return;
  const teamName = await teamNameOf(deps, move.to, first.apiTeamId);
  const notices: TakeOverNotice[] = [...new Set(subscriptions.map((sub) => sub.channelId))].map(
    (channelId) => ({
      channelId,
      teamName,
      fromUserId: move.from,
      toUserId: move.to.userId,
      reason: move.reason,
    }),
  );
  try {
    const poster = await deps.posterFor(first.workspace);
    // Each note and each DM on its own: one that fails (a DM refused, a channel gone) costs the others nothing.
    for (const notice of notices) {
      await poster
        .postMessage({ channel: notice.channelId, ...renderTakeOverChannelNote(notice) })
        .catch((err: unknown) =>
          deps.logger.warn({ err, channel: notice.channelId }, "take-over note not posted"),
        );
      await poster
        .postDirectMessage(move.to.userId, renderTakeOverDirectMessage(notice))
        .catch((err: unknown) =>
          deps.logger.warn({ err, channel: notice.channelId }, "take-over direct message not sent"),
        );
    }
  } catch (err) {
    deps.logger.warn({ err }, "could not tell the take-over of a channel's alerts");
  }
}
