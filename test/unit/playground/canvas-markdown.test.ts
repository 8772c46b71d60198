import { describe, expect, it } from "vitest";
import { renderCanvasMarkdown } from "../../../dev/playground/web/render/canvas-markdown";

const names = { user: (id: string) => (id === "U0RITA" ? "rita" : id), channel: () => "ops-alerts" };
const html = (markdown: string) => renderCanvasMarkdown(markdown, names);

describe("renderCanvasMarkdown", () => {
  it("draws headings, lists, checklists, rules and paragraphs", () => {
    expect(
      html("# Title\n\n## Timeline\n\n- one\n- two\n\n1. first\n\n- [ ] todo\n\n---\n\nsome\ntext"),
    ).toBe(
      [
        "<h1>Title</h1>",
        "<h2>Timeline</h2>",
        "<ul>",
        "<li>one</li>",
        "<li>two</li>",
        "</ul>",
        "<ol>",
        "<li>first</li>",
        "</ol>",
        "<ul>",
        '<li class="canvas-task"><input type="checkbox" disabled> todo</li>',
        "</ul>",
        "<hr>",
        "<p>some text</p>",
      ].join("\n"),
    );
  });

  it("draws bold, italics, code, https links and canvas mentions", () => {
    expect(
      html(
        "**Started**: _slow_ `x` [message](https://acme.slack.com/archives/C1/p1) by ![](@U0RITA) in ![](#C0OPS)",
      ),
    ).toBe(
      '<p><strong>Started</strong>: <em>slow</em> <code>x</code> <a href="https://acme.slack.com/archives/C1/p1" target="_blank" rel="noopener noreferrer">message</a> by <span class="canvas-mention">@rita</span> in <span class="canvas-mention">#ops-alerts</span></p>',
    );
  });

  it("escapes everything else: HTML, script links and backslash-escaped markers", () => {
    expect(html('<script>alert("x")</script>')).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>",
    );
    expect(html("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
    expect(html('[x](https://a.example/"onmouseover=1)')).toContain(
      'href="https://a.example/&quot;onmouseover=1"',
    );
    expect(html("\\*\\*not bold\\*\\* \\<b\\> \\# no heading")).toBe(
      "<p>**not bold** &lt;b&gt; # no heading</p>",
    );
  });
});
