import type { TokenPauseReason } from "../../domain/pause-reasons";
import type { SlowRule } from "../../domain/slow-rule";
import { type UserRef, workspaceOf } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { PosterFor } from "../../slack/slack-poster";
import type { LinkStore } from "../../store/link-store";
import type { Subscription, SubscriptionStore } from "../../store/subscription-store";
import {
  renderPersonalAlertsEnded,
  renderTakeOverChannelNote,
  renderTakeOverDirectMessage,
  type TakeOverNotice,
} from "../../ui/render-paused-notice";
import { AuthenticationError, type UptimeClient } from "../../uptime";
import type { ResolveToken } from "../engine/poll/poll-api-cache";
import type { PollHooks } from "../engine/poll/poll-once";
import type { AddPollTargetInput } from "../engine/poll/poll-target";
import type { PollState } from "../kinds/registry";
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
  forget(sub: Subscription): Promise<void>;
  posterFor: PosterFor;
  /** Checks a candidate token before the subscriptions move onto it, and confirms a 401 before a drop. */
  client: Pick<UptimeClient, "as">;
  clock: Clock;
  logger: Logger;
}

export function pollHooks(deps: PollHookDeps): Required<PollHooks> & { resolveToken: ResolveToken } {
  const log = deps.logger.child({ component: "poll-hooks" });
  return {
    /** An undecryptable token (its key removed) is as good as gone: ask to link again, not fail forever. */
    async resolveToken(meta) {
      try {
        return await deps.links.getToken(meta.tokenRef);
      } catch (err) {
        log.error({ err: (err as Error).name, apiTeamId: meta.apiTeamId }, "subscriber token unreadable");
        return null;
      }
    },

    // Only a 401 confirmed by `GET /users/me` drops the token. A personal subscription never moves onto
    // someone else's token; a channel's moves to another subscriber's, else pauses, each told once.
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

/** The link may hold a fresh login's token by now: drop it only if that very token is refused. */
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

/** Someone offboarded (`tell: false`) is not told: their Slack account is gone. */
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

export interface Handover {
  target: string;
  apiTeamId: string;
  from: UserRef;
  reason: TokenPauseReason;
  /** The baseline of a new target: since when, and the incidents the old one already tracked. */
  baseline: { at: number; seen: string[] };
}

// Same Slack workspace, not only the same key: on an org-wide install none reads another's channels.
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

/** The taker's own target if any (it keeps its state), else a new one baselined since the handover. */
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
