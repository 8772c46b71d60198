import type { WebClient } from "@slack/web-api";

export interface UsergroupEntry {
  id: string;
  handle: string;
  name: string;
}

/**
 * The workspace's user groups (usergroups.list, usergroups:read), for the Page modal's menu and a typed
 * `@handle`; null when Slack refuses (an install without the scope, a free plan without user groups), so the
 * caller says so rather than failing the page.
 */
export async function listUsergroups(client: WebClient): Promise<UsergroupEntry[] | null> {
  try {
    const result = await client.usergroups.list({});
    return (result.usergroups ?? []).flatMap((g) =>
      g.id && g.handle ? [{ id: g.id, handle: g.handle, name: g.name ?? g.handle }] : [],
    );
  } catch {
    return null;
  }
}
