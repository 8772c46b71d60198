/**
 * Slack mrkdwn -> HTML, as Slack's clients show it: *bold*, _italic_, ~strike~, `code`, ```blocks```,
 * > quotes, <links|text>, <@user>, <#channel|name>, <!here>, <!subteam^ID|@handle>, date tokens and emoji
 * shortcodes. Everything else is escaped: no message text can inject HTML. Pure (no DOM).
 */
import { replaceEmoji } from "./emoji";
import { decodeSlackEntities, escapeHtml } from "./escape-html";
import type { RenderContext } from "./render-context";
import { formatSlackDate, parseDateToken } from "./slack-date";

// Rendered pieces are parked in slots while the surrounding text is formatted. The marker is a private-use
// character stripped from the input first, so text cannot forge a slot.
const MARK = "\uE000";
const SLOT = /\uE000(\d+)\uE000/g;

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

type Slots = string[];

function park(slots: Slots, html: string): string {
  slots.push(html);
  return `${MARK}${slots.length - 1}${MARK}`;
}

function unpark(text: string, slots: Slots): string {
  return text.replace(SLOT, (_, index: string) => slots[Number(index)] ?? "");
}

/** An `<a>` for safe schemes only; anything else (javascript:, data:) shows its label as plain text. */
function link(url: string, labelHtml: string): string {
  const href = decodeSlackEntities(url);
  if (!SAFE_LINK.test(href)) return labelHtml;
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${labelHtml}</a>`;
}

function plainLabel(text: string): string {
  return replaceEmoji(escapeHtml(decodeSlackEntities(text)));
}

/** The body of an `<...>` token (without the angle brackets) as HTML. */
function renderToken(body: string, ctx: RenderContext): string {
  const bar = body.indexOf("|");
  const target = bar >= 0 ? body.slice(0, bar) : body;
  const label = bar >= 0 ? body.slice(bar + 1) : undefined;

  if (target.startsWith("@")) {
    const id = target.slice(1);
    const name = ctx.users[id] ?? label ?? id;
    return `<span class="mention" data-user-id="${escapeHtml(id)}">@${escapeHtml(name)}</span>`;
  }
  if (target.startsWith("#")) {
    const id = target.slice(1);
    const name = ctx.channels[id] ?? label ?? id;
    return `<span class="mention channel-mention">#${escapeHtml(name)}</span>`;
  }
  if (target.startsWith("!")) {
    const special = target.slice(1);
    if (special.startsWith("date^")) {
      const token = parseDateToken(body.slice(1));
      if (token) {
        const shown = escapeHtml(
          formatSlackDate(token.unix, token.format, {
            now: ctx.now,
            ...(ctx.timeZone ? { timeZone: ctx.timeZone } : {}),
          }),
        );
        const iso = Number.isFinite(token.unix * 1000)
          ? new Date(token.unix * 1000).toISOString()
          : token.fallback;
        const html = `<time class="slack-date" datetime="${escapeHtml(iso)}" title="${escapeHtml(token.fallback)}">${shown}</time>`;
        return token.link ? link(token.link, html) : html;
      }
    }
    if (special === "here" || special === "channel" || special === "everyone") {
      return `<span class="mention broadcast">@${special}</span>`;
    }
    if (special.startsWith("subteam^")) {
      const id = special.slice("subteam^".length);
      const handle = label ?? `@${ctx.usergroups[id] ?? id}`;
      return `<span class="mention usergroup">${escapeHtml(handle.startsWith("@") ? handle : `@${handle}`)}</span>`;
    }
    return escapeHtml(label ?? special);
  }
  if (SAFE_LINK.test(target) || target.includes("://")) {
    return link(target, plainLabel(label ?? target));
  }
  // Not a token Slack knows: the characters themselves.
  return escapeHtml(`<${decodeSlackEntities(body)}>`);
}

// Word boundaries of Slack's emphasis markers: start/end of text, whitespace, punctuation, other markers,
// a parked slot, or an HTML tag produced by an earlier pass.
const BEFORE = `(^|[\\s(\\[{"'“‘>;.,!?:/*_~${MARK}-])`;
const AFTER = `(?=$|[\\s)\\]}"'”’<&.,!?:;/*_~${MARK}-])`;

function emphasis(marker: string, tag: string): (html: string) => string {
  const m = `\\${marker}`;
  const pattern = new RegExp(`${BEFORE}${m}([^\\s${m}](?:[^${m}\\n]*?[^\\s${m}])?)${m}${AFTER}`, "g");
  return (html) =>
    html.replace(pattern, (_, before: string, inner: string) => `${before}<${tag}>${inner}</${tag}>`);
}

const bold = emphasis("*", "b");
const italic = emphasis("_", "i");
const strike = emphasis("~", "s");

/** One run of text without code blocks or quotes. */
function inline(text: string, ctx: RenderContext, slots: Slots): string {
  let work = text.replace(/`([^`\n]+)`/g, (_, code: string) =>
    park(slots, `<code>${escapeHtml(decodeSlackEntities(code))}</code>`),
  );
  work = work.replace(/<([^<>\n]*)>/g, (_, body: string) => park(slots, renderToken(body, ctx)));
  let html = replaceEmoji(escapeHtml(decodeSlackEntities(work)));
  html = italic(strike(bold(html)));
  return html.replace(/\n/g, "<br>");
}

/** mrkdwn text -> HTML (a fragment for inside a block element). */
export function mrkdwnToHtml(text: string, ctx: RenderContext): string {
  const slots: Slots = [];
  let work = text.split(MARK).join("");
  work = work.replace(/```\n?([\s\S]*?)\n?```/g, (_, code: string) =>
    park(slots, `<pre class="mrkdwn-pre">${escapeHtml(decodeSlackEntities(code))}</pre>`),
  );

  const parts: string[] = [];
  let plain: string[] = [];
  let quote: string[] = [];
  const flushPlain = () => {
    if (plain.length) parts.push(inline(plain.join("\n"), ctx, slots));
    plain = [];
  };
  const flushQuote = () => {
    if (quote.length) parts.push(`<blockquote>${inline(quote.join("\n"), ctx, slots)}</blockquote>`);
    quote = [];
  };
  const lines = work.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.startsWith(">>>")) {
      // ">>>" quotes everything after it.
      flushPlain();
      quote.push(line.slice(3).replace(/^ /, ""), ...lines.slice(i + 1));
      break;
    }
    if (line.startsWith(">")) {
      flushPlain();
      quote.push(line.slice(1).replace(/^ /, ""));
    } else {
      flushQuote();
      plain.push(line);
    }
  }
  flushPlain();
  flushQuote();
  return unpark(parts.join(""), slots);
}

/** plain_text objects: escaped, with emoji shortcodes unless `emoji: false`. */
export function plainTextToHtml(text: string, emoji = true): string {
  const html = escapeHtml(text);
  return emoji ? replaceEmoji(html) : html;
}
