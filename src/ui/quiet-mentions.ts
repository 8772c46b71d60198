import type { KnownBlock } from "@slack/types";
import type { Rendered } from "./reply";
import { escapeMrkdwn } from "./text";

/**
 * Slack's mention syntax: a user (`<@U…>`, `<@W…>` on Enterprise Grid, with an optional `|label`), a user
 * group (`<!subteam^S…|@handle>`) and the specials `<!here>`, `<!channel>`, `<!everyone>`. Each notifies
 * whoever it names when a message is posted in a channel; in an ephemeral answer it notifies no one.
 */
const USER_MENTION = /<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g;
const SPECIAL_MENTION = /<!(here|channel|everyone|subteam\^([A-Z0-9]+))(?:\|([^>]*))?>/g;

/** The user ids mentioned anywhere in an answer's text or blocks, each once. */
export function mentionedUserIds(rendered: Rendered): string[] {
  const all = `${rendered.text}\n${JSON.stringify(rendered.blocks ?? [])}`;
  return [...new Set([...all.matchAll(USER_MENTION)].map((m) => m[1]!))];
}

/**
 * mrkdwn in which every mention is replaced by its name as plain text: a user by `names` (users.info), else
 * the label it carried, else its id; a group or a special as code (`@oncall`, `@here`), as
 * render-subscriptions.ts shows them. Nothing in the result notifies anyone (link_names is never set).
 */
export function quietMentions(text: string, names: ReadonlyMap<string, string>): string {
  return text
    .replace(USER_MENTION, (_m, id: string, label: string | undefined) => {
      const name = names.get(id) ?? (label ? label.replace(/^@/, "") : undefined);
      return name ? `@${escapeMrkdwn(name)}` : `@${id}`;
    })
    .replace(
      SPECIAL_MENTION,
      (_m, special: string, groupId: string | undefined, label: string | undefined) => {
        const name = groupId ? (label ?? `@${groupId}`) : `@${special}`;
        return `\`${escapeMrkdwn(name.startsWith("@") ? name : `@${name}`).replace(/`/g, "'")}\``;
      },
    );
}

/** Every mrkdwn text object of a block tree with its mentions made quiet; plain_text never pings. */
function quietObject(node: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => quietObject(n, names));
  if (typeof node !== "object" || node === null) return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] =
      key === "text" && record.type === "mrkdwn" && typeof value === "string"
        ? quietMentions(value, names)
        : quietObject(value, names);
  }
  return out;
}

/** An answer whose text and blocks mention no one (see quietMentions). */
export function quietAnswer(rendered: Rendered, names: ReadonlyMap<string, string>): Rendered {
  return {
    ...rendered,
    text: quietMentions(rendered.text, names),
    ...(rendered.blocks ? { blocks: quietObject(rendered.blocks, names) as KnownBlock[] } : {}),
  };
}
