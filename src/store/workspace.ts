import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";

// Slack ids are upper-case letters and digits; this stricter-than-needed check keeps `:` (the key
// separator) and anything surprising out of Redis keys and out of the ciphertext's owner binding.
const SLACK_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class InvalidWorkspaceRefError extends Error {
  override name = "InvalidWorkspaceRefError";
}

/**
 * `E:<enterpriseId>` for an org-wide install, else `T:<teamId>`: the part of every key that names the owner.
 *
 * The rule (docs/architecture.md section 7, Enterprise Grid): data of an org-wide install (`isEnterpriseInstall`) is keyed by
 * the enterprise id alone, because a user id is the same in every workspace of the org and one install
 * serves them all; data of any other install is keyed by the team (workspace) id alone, even inside an
 * enterprise, because team ids are globally unique and some payloads of a workspace install omit the
 * enterprise id. An org-wide ref and a workspace ref never share a key.
 */
export function workspaceKey(ws: WorkspaceRef): string {
  if (ws.isEnterpriseInstall) {
    if (!ws.enterpriseId || !SLACK_ID.test(ws.enterpriseId)) {
      throw new InvalidWorkspaceRefError("an org-wide install needs a valid enterpriseId");
    }
    return `E:${ws.enterpriseId}`;
  }
  if (!ws.teamId || !SLACK_ID.test(ws.teamId)) {
    throw new InvalidWorkspaceRefError("a workspace install needs a valid teamId");
  }
  return `T:${ws.teamId}`;
}

export function validUserId(userId: string): string {
  if (!SLACK_ID.test(userId)) throw new InvalidWorkspaceRefError("a valid Slack userId is needed");
  return userId;
}

/** Owner-binding text for a user's ciphertext: a token moved to another user's record fails to decrypt. */
export function userOwner(kind: string, user: UserRef): string {
  return `${kind}:${workspaceKey(user)}:${validUserId(user.userId)}`;
}
