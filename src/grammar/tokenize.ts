/**
 * Splits command text into words: Unicode spaces, quotes (straight and smart), Slack's escapes and
 * angle-bracket entities. See the grammar in index.ts.
 */
import type { MentionArgument } from "./command";

export type RawMention = MentionArgument | { kind: "everyone" };

export interface Token {
  /** Decoded text: entities resolved, quotes removed. */
  text: string;
  /** Length of `text` before the first quoted part: keys and flags count only there. */
  literal: number;
  /** A Slack mention entity found in the word. */
  mention?: RawMention;
  /**
   * Every mention entity of the word with where its text starts in `text`: a word such as
   * `5m:<!subteam^S1|@a>,15m:<@U2|b>` (`--escalate` steps) holds several.
   */
  mentions?: { at: number; mention: RawMention }[];
}

export const DOUBLE_QUOTES = '"“”„‟';
export const SINGLE_QUOTES = "'‘’‚‛";
// Escaped: one non-ASCII character in dist/main.js makes V8 hold the whole bundle's source as UTF-16
// (tools/build.ts refuses it). Em dash, en dash, two minus signs.
export const DASHES = /^(?:--|\u2014|\u2013|\u2212\u2212)/;
const SPACE = /\s/;
// Slack's angle-bracket entities: <!special...>, <@user...>, <#channel...>, <scheme:...>.
const ENTITY = /^(?:[!@#][^<>]*|[a-z][a-z0-9+.-]*:[^<>]*)$/i;

interface Unit {
  text: string;
  next: number;
  mention?: RawMention;
}

/** One unit at `i`: an entity `<...>`, an HTML escape (`&amp;`), or one code point. */
function readUnit(s: string, i: number): Unit {
  const c = s[i]!;
  if (c === "<") {
    const end = s.indexOf(">", i + 1);
    if (end !== -1) {
      const body = s.slice(i + 1, end);
      if (ENTITY.test(body)) return { ...decodeEntity(body), next: end + 1 };
    }
  } else if (c === "&") {
    for (const [escaped, plain] of HTML_ESCAPES) {
      if (s.startsWith(escaped, i)) return { text: plain, next: i + escaped.length };
    }
  }
  const cp = s.codePointAt(i)!;
  const width = cp > 0xffff ? 2 : 1;
  return { text: s.slice(i, i + width), next: i + width };
}

const HTML_ESCAPES: [string, string][] = [
  ["&amp;", "&"],
  ["&lt;", "<"],
  ["&gt;", ">"],
];

function decodeEntity(body: string): { text: string; mention?: RawMention } {
  const bar = body.indexOf("|");
  const target = bar === -1 ? body : body.slice(0, bar);
  const label = bar === -1 ? undefined : decodeHtml(body.slice(bar + 1));
  if (target.startsWith("!")) {
    const [special = "", id] = target.slice(1).split("^");
    switch (special.toLowerCase()) {
      case "here":
        return { text: "@here", mention: { kind: "here" } };
      case "channel":
        return { text: "@channel", mention: { kind: "channel" } };
      case "everyone":
        return { text: "@everyone", mention: { kind: "everyone" } };
      case "subteam": {
        const handle = (label ?? id ?? "").replace(/^@/, "");
        const mention: MentionArgument = id
          ? { kind: "usergroup", handle, id }
          : { kind: "usergroup", handle };
        return { text: `@${handle}`, mention };
      }
      default:
        return { text: label ?? target };
    }
  }
  if (target.startsWith("@")) {
    // A person: <@U123|name> (or <@U123> from older clients); the id is what pings.
    const id = target.slice(1);
    const name = label?.replace(/^@/, "");
    const mention: MentionArgument = name ? { kind: "user", id, name } : { kind: "user", id };
    return { text: `@${name ?? id}`, mention };
  }
  if (target.startsWith("#")) return { text: `#${label ?? target.slice(1)}` };
  // A link: the label is what the user typed (Slack may have added http:// to the URL).
  return { text: label ?? decodeHtml(target) };
}

function decodeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === "amp" ? "&" : name === "lt" ? "<" : ">"));
}

export function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    if (SPACE.test(s[i]!)) {
      i++;
      continue;
    }
    let text = "";
    let literal = -1;
    let mention: RawMention | undefined;
    const mentions: { at: number; mention: RawMention }[] = [];
    while (i < s.length && !SPACE.test(s[i]!)) {
      const c = s[i]!;
      const family = DOUBLE_QUOTES.includes(c)
        ? DOUBLE_QUOTES
        : SINGLE_QUOTES.includes(c)
          ? SINGLE_QUOTES
          : "";
      if (family && (text === "" || text.endsWith(":") || text.endsWith("="))) {
        if (literal === -1) literal = text.length;
        i++;
        while (i < s.length && !family.includes(s[i]!)) {
          const unit = readUnit(s, i);
          if (unit.mention) mentions.push({ at: text.length, mention: unit.mention });
          text += unit.text;
          mention = unit.mention ?? mention;
          i = unit.next;
        }
        i++; // the closing quote; an unclosed quote runs to the end of the text
        continue;
      }
      const unit = readUnit(s, i);
      if (unit.mention) mentions.push({ at: text.length, mention: unit.mention });
      text += unit.text;
      mention = unit.mention ?? mention;
      i = unit.next;
    }
    const token: Token = { text, literal: literal === -1 ? text.length : literal };
    if (mention) token.mention = mention;
    if (mentions.length > 0) token.mentions = mentions;
    tokens.push(token);
  }
  return tokens;
}
