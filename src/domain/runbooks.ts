/**
 * Runbook links on a monitor or a group of an API team: what `/uptime runbook` keeps and the alerts show as
 * link buttons. Pure rules only; the store is src/store/runbook-store.ts.
 */

/** More than a few buttons crowd an alert: the rest belong in the first runbook. */
export const RUNBOOKS_MAX = 3;
/** Block Kit's button `url` limit (https://docs.slack.dev/reference/block-kit/block-elements/button-element). */
export const RUNBOOK_URL_MAX = 3000;
export const RUNBOOK_LABEL_MAX = 60;

export interface Runbook {
  url: string;
  /** What the button says; absent, the link's host. */
  label?: string | undefined;
}

/** Which runbooks: a monitor's (by id) or a group's (by name, as the team spells it). */
export type RunbookTarget = { kind: "monitor"; monitorId: string } | { kind: "group"; group: string };

/** The URL as it is kept, or why it cannot be a runbook link (a sentence for the user). */
export function parseRunbookUrl(text: string): { url: string } | { error: string } {
  const raw =
    text
      .trim()
      .replace(/^<(.*)>$/, "$1")
      .split("|")[0] ?? "";
  if (/^http:\/\//i.test(raw)) {
    return { error: `a runbook link must use https, not http (got "${shown(raw)}")` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      error: `a runbook link is an https URL, e.g. https://wiki.example.com/runbooks/api (got "${shown(raw)}")`,
    };
  }
  if (url.protocol !== "https:" || !url.hostname) {
    return { error: `a runbook link must be an https URL (got "${shown(raw)}")` };
  }
  if (url.username || url.password) return { error: "a runbook link must not carry a user name or password" };
  const href = url.href;
  if (href.length > RUNBOOK_URL_MAX)
    return { error: `a runbook link is at most ${RUNBOOK_URL_MAX} characters` };
  return { url: href };
}

/** The button's text: the label, else the link's host. */
export function runbookLabel(runbook: Runbook): string {
  if (runbook.label) return runbook.label;
  try {
    return new URL(runbook.url).hostname;
  } catch {
    return "Runbook";
  }
}

/** A monitor's runbooks then its group's, each link once, at most `max`. */
export function mergeRunbooks(lists: readonly (readonly Runbook[])[], max = RUNBOOKS_MAX * 2): Runbook[] {
  const seen = new Set<string>();
  const out: Runbook[] = [];
  for (const list of lists)
    for (const r of list) {
      if (seen.has(r.url) || out.length >= max) continue;
      seen.add(r.url);
      out.push(r);
    }
  return out;
}

function shown(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
