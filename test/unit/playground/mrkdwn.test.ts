import { describe, expect, it } from "vitest";
import { mrkdwnToHtml, plainTextToHtml } from "../../../dev/playground/web/render/mrkdwn";
import type { RenderContext } from "../../../dev/playground/web/render/render-context";

const ctx: RenderContext = {
  users: { U0OLIVIA: "Olivia Owner" },
  channels: { C0OPS: "ops-alerts" },
  usergroups: { S0ONCALL: "oncall" },
  timeZone: "UTC",
  now: Date.parse("2026-03-02T12:00:00Z"),
};
const md = (text: string) => mrkdwnToHtml(text, ctx);

describe("mrkdwnToHtml", () => {
  it("renders bold, italic and strike at word boundaries", () => {
    expect(md("*bold* _italic_ ~gone~")).toBe("<b>bold</b> <i>italic</i> <s>gone</s>");
    expect(md("*_both_*")).toBe("<b><i>both</i></b>");
    expect(md("Status: *Down*.")).toBe("Status: <b>Down</b>.");
  });

  it("leaves markers inside words and unclosed markers alone", () => {
    expect(md("snake_case_name and 2*3*4")).toBe("snake_case_name and 2*3*4");
    expect(md("* not bold *")).toBe("* not bold *");
    expect(md("*open")).toBe("*open");
  });

  it("renders inline code and code blocks verbatim, without formatting inside", () => {
    expect(md("run `/uptime *status*`")).toBe("run <code>/uptime *status*</code>");
    expect(md("```\nline *1*\n<b>x</b>\n```")).toBe(
      '<pre class="mrkdwn-pre">line *1*\n&lt;b&gt;x&lt;/b&gt;</pre>',
    );
  });

  it("renders > quotes as blockquotes, but not an escaped &gt;", () => {
    expect(md("before\n> quoted *line*\n> second\nafter")).toBe(
      "before<blockquote>quoted <b>line</b><br>second</blockquote>after",
    );
    expect(md("&gt; not a quote")).toBe("&gt; not a quote");
    expect(md(">>> all\nof this")).toBe("<blockquote>all<br>of this</blockquote>");
  });

  it("renders links with safe schemes only", () => {
    expect(md("<https://example.com/a?b=1&amp;c=2|the *site*>")).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the *site*</a>',
    );
    expect(md("<https://example.com>")).toContain(">https://example.com</a>");
    expect(md("<mailto:ops@example.com|mail us>")).toContain('href="mailto:ops@example.com"');
    expect(md("<javascript:alert(1)|click>")).toBe("&lt;javascript:alert(1)|click&gt;");
    expect(md("<javascript://x%0Aalert(1)|click>")).toBe("click");
  });

  it("renders user, channel, broadcast and usergroup mentions", () => {
    expect(md("by <@U0OLIVIA>")).toBe(
      'by <span class="mention" data-user-id="U0OLIVIA">@Olivia Owner</span>',
    );
    expect(md("<@U0UNKNOWN>")).toContain("@U0UNKNOWN");
    expect(md("<#C0OPS|ops-alerts> <#C0OPS>")).toBe(
      '<span class="mention channel-mention">#ops-alerts</span> <span class="mention channel-mention">#ops-alerts</span>',
    );
    expect(md("<!here> <!channel>")).toBe(
      '<span class="mention broadcast">@here</span> <span class="mention broadcast">@channel</span>',
    );
    expect(md("<!subteam^S0ONCALL|@oncall> <!subteam^S0ONCALL>")).toBe(
      '<span class="mention usergroup">@oncall</span> <span class="mention usergroup">@oncall</span>',
    );
  });

  it("renders date tokens in the reader's zone, with the fallback as title", () => {
    const unix = Date.parse("2026-03-02T10:04:00Z") / 1000;
    expect(md(`<!date^${unix}^{date_short_pretty} {time}|2026-03-02 10:04 UTC>`)).toBe(
      '<time class="slack-date" datetime="2026-03-02T10:04:00.000Z" title="2026-03-02 10:04 UTC">Today 10:04 AM</time>',
    );
    const berlin = mrkdwnToHtml(`<!date^${unix}^{time}|x>`, { ...ctx, timeZone: "Europe/Berlin" });
    expect(berlin).toContain(">11:04 AM</time>");
  });

  it("replaces known emoji shortcodes and keeps unknown ones", () => {
    expect(md(":red_circle: down :warning: :not_an_emoji: 10:04:05")).toBe(
      "🔴 down ⚠️ :not_an_emoji: 10:04:05",
    );
    expect(md("at 10:04:white_check_mark:")).toBe("at 10:04✅");
  });

  it("escapes HTML so that message text cannot inject markup", () => {
    expect(md("<img src=x onerror=alert(1)>")).toBe("&lt;img src=x onerror=alert(1)&gt;");
    expect(md("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(md(`"quotes" & 'apostrophes'`)).toBe("&quot;quotes&quot; &amp; &#39;apostrophes&#39;");
    expect(md('<https://x.example/"onmouseover="alert(1)|x>')).toContain(
      'href="https://x.example/&quot;onmouseover=&quot;alert(1)"',
    );
    expect(md('<@U1"><script>|x>')).not.toContain("<script>");
    // The slot marker cannot be forged from the input.
    expect(md("\uE0000\uE000 *b*")).toBe("0 <b>b</b>");
  });
});

describe("plainTextToHtml", () => {
  it("escapes and replaces emoji unless emoji is false", () => {
    expect(plainTextToHtml("<b> :tada:")).toBe("&lt;b&gt; 🎉");
    expect(plainTextToHtml(":tada:", false)).toBe(":tada:");
  });
});
