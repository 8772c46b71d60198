import { randomBytes } from "node:crypto";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { UnfurlChoice, UnfurlPrompt } from "../store/unfurl-consent-store";
import type { ServiceDeps } from "./service-deps";

/**
 * How long a consent question can still be answered. Slack documents no deadline for chat.unfurl after
 * link_shared (https://docs.slack.dev/reference/methods/chat.unfurl names only the message and its links),
 * so this bounds only what Redis keeps for a question nobody answers.
 */
export const UNFURL_PROMPT_TTL_SECONDS = 24 * 3600;

/** What happens to a person's links in a conversation: a card now, a question first, or nothing. */
export type UnfurlAudience = "unfurl" | "ask" | "none";

/**
 * Decides whether a person's link may become a card where they posted it (docs/slack-app.md "Link
 * unfurls"): never in a conversation shared with another organization unless the workspace allows it (and
 * then not even a question), never after Not here or Never, at once after Show, otherwise ask first.
 */
export async function unfurlAudience(
  deps: ServiceDeps,
  ref: UserRef,
  channel: string,
  external: boolean,
): Promise<UnfurlAudience> {
  const consent = deps.unfurlConsent;
  if (!consent) return "none";
  if (external && !(await consent.externalAllowed(workspaceOf(ref)))) return "none";
  const choice = await consent.choice(ref, channel);
  if (choice === "show") return "unfurl";
  return choice === null ? "ask" : "none";
}

/** Keeps a question until it is answered; its id goes in the buttons (never the links themselves). */
export async function askUnfurl(deps: ServiceDeps, prompt: UnfurlPrompt): Promise<string | null> {
  if (!deps.unfurlConsent) return null;
  const id = randomBytes(12).toString("hex");
  await deps.unfurlConsent.savePrompt(id, prompt, UNFURL_PROMPT_TTL_SECONDS);
  return id;
}

/**
 * An answer to a question: the choice is stored, and the question returned when the one answering is the
 * person it was asked of (a forwarded or forged button changes nothing). Null: answered, expired or not theirs.
 */
export async function answerUnfurl(
  deps: ServiceDeps,
  ref: UserRef,
  promptId: string,
  choice: UnfurlChoice,
): Promise<UnfurlPrompt | null> {
  const consent = deps.unfurlConsent;
  if (!consent) return null;
  const prompt = await consent.takePrompt(promptId);
  if (!prompt) return null;
  const asked = prompt.postedBy;
  const same =
    asked.userId === ref.userId &&
    asked.teamId === ref.teamId &&
    (asked.enterpriseId ?? null) === (ref.enterpriseId ?? null);
  if (!same) return null;
  await consent.choose(ref, prompt.channel, choice);
  return prompt;
}

/** App Home's "Link previews": the person's Never, and the workspace's Slack Connect switch. */
export async function unfurlSettings(
  deps: ServiceDeps,
  ref: UserRef,
): Promise<{ never: boolean; externalAllowed: boolean } | null> {
  const consent = deps.unfurlConsent;
  if (!consent) return null;
  const [never, externalAllowed] = await Promise.all([
    consent.never(ref),
    consent.externalAllowed(workspaceOf(ref)),
  ]);
  return { never, externalAllowed };
}

export async function setUnfurlNever(deps: ServiceDeps, ref: UserRef, never: boolean): Promise<void> {
  await deps.unfurlConsent?.setNever(ref, never);
}

/** The switch of the person's workspace; the caller has checked that they are a Slack admin or owner. */
export async function setExternalUnfurls(deps: ServiceDeps, ref: UserRef, allowed: boolean): Promise<void> {
  await deps.unfurlConsent?.setExternalAllowed(workspaceOf(ref), allowed);
}
