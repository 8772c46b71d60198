import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../domain/workspace-ref";
import { isWorkspaceAdmin } from "../slack/conversation-facts";
import { errorText } from "../ui/error-text";
import { type HomeModel, type LinkPreviewSettings, renderHome } from "../ui/render-home";
import type { ListenerDeps } from "./listener-deps";

/**
 * Publishes a user's App Home from fresh data. API trouble becomes a sentence on the tab (never an error
 * code); unexpected errors are logged.
 */
export async function publishHome(
  client: WebClient,
  deps: ListenerDeps,
  ref: UserRef,
  notice?: string,
): Promise<void> {
  let model: HomeModel;
  try {
    model = await deps.services.homeData(ref);
  } catch (error) {
    const text = errorText(error);
    if (text.unexpected) deps.logger.error({ err: error }, "loading App Home failed");
    model = { kind: "error", text: text.text };
  }
  const linkPreviews = model.kind === "linked" ? await linkPreviewSettings(client, deps, ref) : undefined;
  await client.views.publish({
    user_id: ref.userId,
    view: renderHome(model, { now: deps.clock.now(), notice, linkPreviews }),
  });
}

/** App Home's "Link previews"; left out (logged) when Redis cannot say, never a reason to fail the tab. */
async function linkPreviewSettings(
  client: WebClient,
  deps: ListenerDeps,
  ref: UserRef,
): Promise<LinkPreviewSettings | undefined> {
  try {
    const [settings, isAdmin] = await Promise.all([
      deps.services.unfurlSettings(ref),
      isWorkspaceAdmin(client, ref.userId),
    ]);
    return settings ? { ...settings, isAdmin } : undefined;
  } catch (err) {
    deps.logger.warn({ err }, "App Home's link preview settings could not be read");
    return undefined;
  }
}

/**
 * Re-publishes App Home after something changed it (login, logout, team change, acknowledge). Best effort:
 * the user's answer has already been sent, so a failure here is only logged.
 */
export async function refreshHome(
  client: WebClient,
  deps: ListenerDeps,
  ref: UserRef,
  notice?: string,
): Promise<void> {
  try {
    await publishHome(client, deps, ref, notice);
  } catch (err) {
    deps.logger.warn({ err }, "re-publishing App Home failed");
  }
}
