// Text from the API or the user can make no link or mention in any sentence (docs/architecture.md section 7): names, reasons,
// "did you mean" suggestions and 422 details are escaped for mrkdwn.
import { describe, expect, it } from "vitest";
import { GroupNotFoundError, MonitorNotFoundError, NoTeamError } from "../../../src/services/errors";
import { errorText } from "../../../src/ui/error-text";
import { renderMonitorCreated } from "../../../src/ui/render-create-monitor-modal";
import { renderErrorMessage } from "../../../src/ui/render-error-message";
import { renderIncidentList } from "../../../src/ui/render-incident-list";
import { renderMonitorList } from "../../../src/ui/render-monitor-list";
import { renderMonitorPaused } from "../../../src/ui/render-monitor-paused";
import { ValidationError } from "../../../src/uptime";
import { incident, monitor, NOW } from "./query-fixtures";

const HOSTILE = "<https://evil.example|api> & <!channel> <@U0ALICE>";
const INJECTED = /<https:\/\/evil\.example|<!channel>|<@U0ALICE>/;
const ESCAPED = "&lt;https://evil.example|api&gt; &amp; &lt;!channel&gt; &lt;@U0ALICE&gt;";

/** The top-level text and every mrkdwn object of a rendered message (plain_text is shown verbatim). */
function mrkdwnTexts(node: unknown, top = true): string[] {
  if (Array.isArray(node)) return node.flatMap((n) => mrkdwnTexts(n, false));
  if (!node || typeof node !== "object") return [];
  const obj = node as Record<string, unknown>;
  const out: string[] = [];
  if (typeof obj.text === "string" && (top || obj.type === "mrkdwn")) out.push(obj.text);
  for (const [key, value] of Object.entries(obj)) {
    if (key !== "text" || typeof value !== "string") out.push(...mrkdwnTexts(value, false));
  }
  return out;
}

const validation = (detail: string) =>
  new ValidationError({
    status: 422,
    title: "Unprocessable",
    detail,
    errors: [{ status: "422", detail, source: { pointer: "/data/attributes/name" } }],
    headers: {},
    request: { method: "POST", path: "/teams/1/monitors" },
    rawBody: "",
  });

describe("hostile text from the API", () => {
  it.each([
    ["did you mean (monitor)", new MonitorNotFoundError(HOSTILE, [HOSTILE])],
    ["did you mean (group)", new GroupNotFoundError(HOSTILE, [HOSTILE])],
    ["422 detail", validation(HOSTILE)],
    ["team query", new NoTeamError(HOSTILE)],
  ])("errorText escapes it: %s", (_label, error) => {
    const text = errorText(error);
    expect(text.unexpected).toBe(false);
    expect(text.text).not.toMatch(INJECTED);
    expect(text.text).toContain(ESCAPED);
    for (const t of mrkdwnTexts(renderErrorMessage(text))) expect(t).not.toMatch(INJECTED);
  });

  it("renderers escape names, groups and reasons", () => {
    const hostile = monitor({ name: HOSTILE, group: HOSTILE });
    const list = renderMonitorList({
      team: { id: "1", name: HOSTILE },
      query: { text: HOSTILE, page: 1 },
      monitors: [hostile],
      hasPrev: false,
      hasNext: false,
      scanCapped: false,
    });
    const incidents = renderIncidentList(
      {
        team: { id: "1", name: HOSTILE },
        openOnly: false,
        page: 1,
        incidents: [incident({ reason: HOSTILE, monitor: hostile })],
        monitorNames: { "5": HOSTILE },
        hasPrev: false,
        hasNext: false,
        scanCapped: false,
      },
      NOW,
    );
    const paused = [true, false].flatMap((p) =>
      [true, false].map((changed) => renderMonitorPaused({ monitor: hostile, paused: p, changed })),
    );
    const created = renderMonitorCreated({ monitor: hostile, teamName: HOSTILE, requestedInterval: 60 });
    for (const rendered of [list, incidents, created, ...paused]) {
      const texts = mrkdwnTexts(rendered);
      expect(texts.join("\n")).toContain("&lt;https://evil.example|api&gt;");
      for (const t of texts) expect(t).not.toMatch(INJECTED);
    }
  });
});
