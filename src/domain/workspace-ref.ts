/**
 * The Slack identity that owns stored data. Field names match Bolt's `context`, so a listener can pass
 * `context` as it is. How a ref names its keys (org-wide install or workspace) is store/workspace.ts's rule.
 */
export interface WorkspaceRef {
  enterpriseId?: string | undefined;
  teamId?: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}

/** Only the three fields of a ref, the empty ones dropped: what a stored record keeps of a Bolt `context`. */
export function workspaceOf(ref: WorkspaceRef): WorkspaceRef {
  return {
    ...(ref.enterpriseId ? { enterpriseId: ref.enterpriseId } : {}),
    ...(ref.teamId ? { teamId: ref.teamId } : {}),
    ...(ref.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
  };
}

/** A Slack user inside a workspace (or inside an org, for an org-wide install). */
export type UserRef = WorkspaceRef & { userId: string };
