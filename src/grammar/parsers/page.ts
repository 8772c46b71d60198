import { isTestIncidentId } from "../../domain/test-alert-id";
import type { Command, PageTarget, SubcommandName } from "../command";
import { ArgumentError, asFlag, echo } from "../read-args";
import type { Token } from "../tokenize";

/** The page's own line is free text after a lone `--`, so that flags and mentions in it are only words. */
function splitMessage(tokens: readonly Token[]): { head: Token[]; message?: string } {
  const at = tokens.findIndex((t) => t.literal === t.text.length && /^(?:--|\u2014|\u2013)$/.test(t.text));
  if (at === -1) return { head: [...tokens] };
  const message = tokens
    .slice(at + 1)
    .map((t) => t.text)
    .join(" ")
    .trim();
  return { head: tokens.slice(0, at), ...(message ? { message } : {}) };
}

/**
 * Whom a page reaches, from the words after the incident: `<@U1|rita>` (Slack's escape of a person picked
 * from the autocomplete), `<!subteam^S1|@ops>` or a typed `@ops` (a user group, its id looked up later).
 * The one place a page's targets are read: a new kind of target is one more case here.
 */
export function parsePageTargets(tokens: readonly Token[]): PageTarget[] | ArgumentError {
  const targets: PageTarget[] = [];
  for (const token of tokens) {
    const mention = token.mention;
    if (mention?.kind === "user") targets.push({ kind: "user", id: mention.id });
    else if (mention?.kind === "usergroup") targets.push(mention);
    else if (mention) return new ArgumentError("a page names people or user groups, not the whole channel");
    else if (token.literal > 0 && token.text.toLowerCase() === "oncall") targets.push({ kind: "oncall" });
    else if (/^@(?:here|channel|everyone)$/i.test(token.text))
      return new ArgumentError("a page names people or user groups, not the whole channel");
    else if (/^@[^\s@]+$/u.test(token.text) && token.literal > 0)
      targets.push({ kind: "usergroup", handle: token.text.slice(1) });
    else return new ArgumentError(`"${echo(token.text)}" is not a @person, a @group or oncall`);
  }
  return targets;
}

/** `page <monitor|incident-id> <@person|@group>... [-- message]`. */
export function parsePage(sub: SubcommandName, tokens: readonly Token[]): Command | ArgumentError {
  const { head, message } = splitMessage(tokens);
  const flag = head.map(asFlag).find((f) => f !== undefined);
  if (flag)
    return new ArgumentError(
      `"${sub}" has no options (got ${echo(flag.shown)}); its line comes after a lone --`,
    );
  const [first, ...rest] = head;
  if (!first) return new ArgumentError(`"${sub}" needs a monitor or an incident id, e.g. page api-eu @rita`);
  if (first.mention)
    return new ArgumentError(`name the monitor or incident first, e.g. page api-eu ${first.text}`);
  const targets = parsePageTargets(rest);
  if (targets instanceof ArgumentError) return targets;
  if (targets.length === 0)
    return new ArgumentError("name at least one @person or @group to page, e.g. page api-eu @rita");
  const typed = first.text.trim();
  const id = /^#?(\d{1,18})$/.exec(typed);
  // A test alert's id (`/uptime test`) is paged like an incident's, and never reaches the API.
  const about = id
    ? { incidentId: id[1]! }
    : isTestIncidentId(typed)
      ? { incidentId: typed }
      : { monitor: typed };
  return { kind: "page", about, targets, ...(message ? { message } : {}) };
}
