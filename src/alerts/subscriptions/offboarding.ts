import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { Logger } from "../../lib/logger";
import type { Keyspace } from "../../store/keys";
import type { PollTargetStore } from "../../store/poll-target-store";
import type { RedisClient } from "../../store/redis-connection";
import { validUserId, workspaceKey } from "../../store/workspace";
import type { CleanupParticipant } from "../../store/workspace-cleanup";
import { decodePollTargetMeta, type PollTargetMeta } from "../engine/poll/poll-target";
import { decodePollState } from "../kinds/registry";
import { endPersonal, handOver, type PollHookDeps } from "./poll-hooks";

export interface OffboardingDeps extends PollHookDeps {
  redis: Pick<RedisClient, "set" | "del">;
  keys: Pick<Keyspace, "offboarding">;
  scheduler: Pick<PollTargetStore, "inspect">;
}

/** Long enough for one person's targets to move; a replica that dies meanwhile frees it by expiry. */
const CLAIM_MS = 120_000;

// Idempotent across replicas: one claims each person for a while; a dead claimant's rest falls to the poller.
export function offboardingParticipant(deps: OffboardingDeps): CleanupParticipant {
  const log = deps.logger.child({ component: "offboarding" });
  return {
    name: "offboarding",
    userTokensRevoked: (ws, userIds) => offboard(deps, log, ws, userIds),
  };
}

async function offboard(
  deps: OffboardingDeps,
  log: Logger,
  ws: WorkspaceRef,
  userIds: readonly string[],
): Promise<void> {
  const wsKey = workspaceKey(ws);
  const claimed: string[] = [];
  for (const userId of new Set(userIds)) {
    const key = deps.keys.offboarding(wsKey, validUserId(userId));
    if ((await deps.redis.set(key, "1", "PX", CLAIM_MS, "NX")) === "OK") claimed.push(userId);
    else log.info({ userId }, "offboarding already under way elsewhere");
  }
  if (claimed.length === 0) return;
  try {
    const gone = new Set(claimed);
    const targets = new Set((await deps.subscriptions.listByWorkspace(ws)).map((sub) => sub.target));
    for (const target of targets) {
      const info = await deps.scheduler.inspect(target);
      const meta = metaOf(info?.meta ?? null);
      if (!meta || !gone.has(meta.tokenRef.userId) || workspaceKey(meta.tokenRef) !== wsKey) continue;
      await offboardTarget(deps, log, target, meta, info?.state ?? null);
    }
  } finally {
    await Promise.all(
      claimed.map((userId) => deps.redis.del(deps.keys.offboarding(wsKey, userId)).catch(() => 0)),
    );
  }
}

async function offboardTarget(
  deps: OffboardingDeps,
  log: Logger,
  target: string,
  meta: PollTargetMeta,
  rawState: string | null,
): Promise<void> {
  const { subscriptions } = await deps.subscriptions.listByTargetSettled(target);
  for (const sub of subscriptions) {
    if (sub.personal) await endPersonal(deps, sub, log, { tell: false });
  }
  const channels = subscriptions.filter((sub) => sub.personal === undefined);
  const kept = await handOver(
    deps,
    {
      target,
      apiTeamId: meta.apiTeamId,
      from: meta.tokenRef,
      reason: "subscriber_left",
      baseline: { at: deps.clock.now(), seen: trackedOf(rawState) },
    },
    channels,
  );
  for (const sub of kept) await deps.pauses.pause(sub, "subscriber_left");
  log.warn(
    {
      target,
      userId: meta.tokenRef.userId,
      moved: channels.length - kept.length,
      paused: kept.length,
      personalEnded: subscriptions.length - channels.length,
    },
    "offboarded: subscriptions read with the person's token moved, paused or ended",
  );
}

function metaOf(raw: string | null): PollTargetMeta | null {
  try {
    return raw ? decodePollTargetMeta(raw) : null;
  } catch {
    return null;
  }
}

function trackedOf(raw: string | null): string[] {
  try {
    const state = raw ? decodePollState(raw) : null;
    return state ? Object.keys(state.tracked) : [];
  } catch {
    return [];
  }
}
