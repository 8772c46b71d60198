/**
 * A canvas's markdown (as canvases.create / canvases.edit keep it) drawn as an HTML document for the page:
 * headings, lists and checklists, rules, bold, italics, code, https links and canvas mentions. Every piece of
 * text is escaped, and only http(s) links become anchors, so the result is safe to put in innerHTML.
 */
import { escapeHtml } from "./escape-html";

export interface CanvasNames {
  user(id: string): string;
  channel(id: string): string;
}

const plainNames: CanvasNames = { user: (id) => id, channel: (id) => id };

// A backslash-escaped character is set aside so that no inline pattern sees it, then drawn as itself.
const SET_ASIDE = /\\([\\`*_[\]<>#|()!.-])/g;
const ASIDE_MARK = /\uE000(\d+)\uE001/g;

const INLINE =
  /!\[\]\(([@#])([A-Z0-9]+)\)|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)|`([^`]+)`|\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])/g;

function inline(text: string, names: CanvasNames): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += escapeHtml(text.slice(last, m.index));
    last = m.index + m[0].length;
    const [, sigil, id, linkText, url, code, bold, italic] = m;
    if (sigil && id) {
      const name = sigil === "@" ? `@${names.user(id)}` : `#${names.channel(id)}`;
      out += `<span class="canvas-mention">${escapeHtml(name)}</span>`;
    } else if (linkText !== undefined && url !== undefined) {
      out += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${inline(linkText, names)}</a>`;
    } else if (code !== undefined) {
      out += `<code>${escapeHtml(code)}</code>`;
    } else if (bold !== undefined) {
      out += `<strong>${inline(bold, names)}</strong>`;
    } else if (italic !== undefined) {
      out += `<em>${inline(italic, names)}</em>`;
    }
  }
  return out + escapeHtml(text.slice(last));
}

type ListKind = "ul" | "ol";

/** The canvas's markdown as HTML: block by block, line by line. */
export function renderCanvasMarkdown(markdown: string, names: CanvasNames = plainNames): string {
  const aside: string[] = [];
  const source = markdown.replace(SET_ASIDE, (_, c: string) => `\uE000${aside.push(c) - 1}\uE001`);
  const restore = (html: string) =>
    html.replace(ASIDE_MARK, (_, i: string) => escapeHtml(aside[Number(i)] ?? ""));
  const out: string[] = [];
  let list: ListKind | null = null;
  let paragraph: string[] = [];
  const closeParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.join(" ")}</p>`);
    paragraph = [];
  };
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  const openList = (kind: ListKind) => {
    closeParagraph();
    if (list === kind) return;
    closeList();
    out.push(`<${kind}>`);
    list = kind;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const task = /^\s*[-*]\s+\[( |x|X)\]\s?(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const ordered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === "") {
      closeParagraph();
      closeList();
    } else if (heading?.[1] && heading[2] !== undefined) {
      closeParagraph();
      closeList();
      out.push(`<h${heading[1].length}>${inline(heading[2], names)}</h${heading[1].length}>`);
    } else if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      closeParagraph();
      closeList();
      out.push("<hr>");
    } else if (task && task[2] !== undefined) {
      openList("ul");
      const checked = task[1] !== " " ? " checked" : "";
      out.push(
        `<li class="canvas-task"><input type="checkbox" disabled${checked}> ${inline(task[2], names)}</li>`,
      );
    } else if (bullet?.[1] !== undefined) {
      openList("ul");
      out.push(`<li>${inline(bullet[1], names)}</li>`);
    } else if (ordered?.[1] !== undefined) {
      openList("ol");
      out.push(`<li>${inline(ordered[1], names)}</li>`);
    } else {
      closeList();
      paragraph.push(inline(line.trim(), names));
    }
  }
  closeParagraph();
  closeList();
  return restore(out.join("\n"));
}
