import type { WorkspaceRef } from "../domain/workspace-ref";
import type { RedisInstallationStore } from "./installation-store";
import type { LinkStore } from "./link-store";
import type { PendingActionStore } from "./pending-action-store";

/**
 * Something that holds data of a workspace or user and must drop it when Slack says so (docs/architecture.md section 7).
 * Every method is optional and must be idempotent: Slack retries events, and one failing participant
 * makes the whole cleanup fail (so the event is retried) after all the others have run.
 */
export interface CleanupParticipant {
  /** For logs and CleanupError. */
  readonly name: string;
  /** `app_uninstalled`: nothing of the workspace (or org, for an org-wide install) may remain. */
  workspaceUninstalled?(ws: WorkspaceRef): Promise<void>;
  /**
   * `tokens_revoked` with `tokens.oauth`: these users revoked the app's access; also `user_change` with
   * `deleted: true`: they were deactivated. Either way their link, token and what used it go at once.
   */
  userTokensRevoked?(ws: WorkspaceRef, userIds: readonly string[]): Promise<void>;
  /** `tokens_revoked` with `tokens.bot`: the bot can no longer act in the workspace. */
  botTokensRevoked?(ws: WorkspaceRef, botUserIds: readonly string[]): Promise<void>;
}

/** The user ids named by a `tokens_revoked` event (`event.tokens`). */
export interface RevokedTokens {
  oauth?: readonly string[] | undefined;
  bot?: readonly string[] | undefined;
}

export class CleanupError extends Error {
  override name = "CleanupError";
  constructor(readonly failures: { participant: string; error: unknown }[]) {
    super(
      `cleanup failed in ${failures.map((failure) => failure.participant).join(", ")}: ${failures
        .map((failure) => (failure.error instanceof Error ? failure.error.message : String(failure.error)))
        .join("; ")}`,
    );
  }
}

/**
 * What the `app_uninstalled` and `tokens_revoked` listeners call. The store registers its own
 * participants (storeCleanupParticipants); other modules (alert subscriptions) add theirs with `add`.
 */
export class WorkspaceCleanup {
  private readonly participants: CleanupParticipant[];

  constructor(participants: readonly CleanupParticipant[] = []) {
    this.participants = [...participants];
  }

  add(participant: CleanupParticipant): this {
    this.participants.push(participant);
    return this;
  }

  /** Names of the registered participants, in order. */
  get names(): string[] {
    return this.participants.map((participant) => participant.name);
  }

  async appUninstalled(ws: WorkspaceRef): Promise<void> {
    await this.run((participant) => participant.workspaceUninstalled?.(ws));
  }

  /** `user_change` with `deleted: true`: offboarded like a person who revoked their tokens. */
  async usersDeactivated(ws: WorkspaceRef, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.run((participant) => participant.userTokensRevoked?.(ws, userIds));
  }

  async tokensRevoked(ws: WorkspaceRef, tokens: RevokedTokens): Promise<void> {
    const oauth = tokens.oauth ?? [];
    const bot = tokens.bot ?? [];
    await this.run(async (participant) => {
      if (oauth.length > 0) await participant.userTokensRevoked?.(ws, oauth);
      if (bot.length > 0) await participant.botTokensRevoked?.(ws, bot);
    });
  }

  private async run(step: (participant: CleanupParticipant) => Promise<void> | undefined): Promise<void> {
    const results = await Promise.allSettled(this.participants.map(async (participant) => step(participant)));
    const failures = results.flatMap((result, index) =>
      result.status === "rejected"
        ? [{ participant: this.participants[index]!.name, error: result.reason }]
        : [],
    );
    if (failures.length > 0) throw new CleanupError(failures);
  }
}

/**
 * The store's own participants: links and pending actions go with the workspace or the revoking users;
 * the installation goes with the workspace or the bot token, and a revoking user's Slack user token with them.
 */
export function storeCleanupParticipants(stores: {
  links: Pick<LinkStore, "deleteWorkspace" | "deleteUsers">;
  pendingActions: Pick<PendingActionStore<unknown>, "deleteWorkspace" | "deleteUsers">;
  installations: Pick<RedisInstallationStore, "deleteWorkspace" | "deleteUserTokens">;
}): CleanupParticipant[] {
  const { links, pendingActions, installations } = stores;
  return [
    {
      name: "links",
      workspaceUninstalled: async (ws) => void (await links.deleteWorkspace(ws)),
      userTokensRevoked: async (ws, userIds) => void (await links.deleteUsers(ws, userIds)),
      // Without the bot nothing of the workspace can be served: every link and token goes with it.
      botTokensRevoked: async (ws) => void (await links.deleteWorkspace(ws)),
    },
    {
      name: "pending-actions",
      workspaceUninstalled: async (ws) => void (await pendingActions.deleteWorkspace(ws)),
      userTokensRevoked: async (ws, userIds) => void (await pendingActions.deleteUsers(ws, userIds)),
      botTokensRevoked: async (ws) => void (await pendingActions.deleteWorkspace(ws)),
    },
    {
      name: "installation",
      workspaceUninstalled: (ws) => installations.deleteWorkspace(ws),
      userTokensRevoked: (ws, userIds) => installations.deleteUserTokens(ws, userIds),
      botTokensRevoked: (ws) => installations.deleteWorkspace(ws),
    },
  ];
}
