import { describe, expect, it } from "vitest";
import {
  attachmentColor,
  renderAttachments,
  renderBlocks,
  renderMessageContent,
} from "../../../dev/playground/web/render/block-kit";
import { findElement, messageBlockGroups } from "../../../dev/playground/web/render/block-lookup";
import type { RenderContext } from "../../../dev/playground/web/render/render-context";
import { buildViewState } from "../../../dev/playground/web/render/view-state";
import { renderAlertRoot } from "../../../src/alerts/kinds/incident/render-alert-root";
import { actions, blocks } from "../../../src/ui/ids";
import { renderCreateMonitorModal } from "../../../src/ui/render-create-monitor-modal";
import { renderHome } from "../../../src/ui/render-home";
import { renderLoginModal } from "../../../src/ui/render-login-modal";
import { renderPageModal } from "../../../src/ui/render-page-modal";
import { renderPersonalAlertsModal } from "../../../src/ui/render-personal-alerts-modal";
import { linkedHome, NOW } from "../ui/account-fixtures";

const ctx: RenderContext = {
  users: { U0OLIVIA: "Olivia Owner" },
  channels: {},
  usergroups: {},
  timeZone: "UTC",
  now: NOW,
};

/** The data-testid values in rendered HTML. */
const testids = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);

describe("renderBlocks over the bot's own surfaces", () => {
  it("renders an alert (attachment with colour bar, fields, Acknowledge, Mute overflow, Details)", () => {
    const alert = renderAlertRoot({
      channelId: "C0OPS",
      apiTeamId: "1",
      incident: {
        id: "6",
        monitorId: "7",
        started: "2026-11-21T10:20:00Z",
        ended: null,
        acknowledged: null,
        maintenance: false,
        reason: "HTTP 503 <Service Unavailable>",
      },
      monitor: { id: "7", name: "Payments API", target: "https://payments.example.com/status", group: "API" },
      stage: "open",
      failingLocations: ["Frankfurt"],
      now: NOW,
    });
    const html = renderMessageContent(alert, ctx);
    expect(html).toContain(
      'data-testid="attachment" data-color="#E01E5A" style="border-left-color: #E01E5A"',
    );
    expect(html).toContain('<div class="bk-field"><b>Monitor</b><br>Payments API</div>');
    expect(html).toContain("HTTP 503 &lt;Service Unavailable&gt;");
    expect(html).toContain('<time class="slack-date" datetime="2026-11-21T10:20:00.000Z"');
    expect(testids(html)).toEqual([
      "attachment",
      `button-${actions.acknowledge}`,
      `overflow-${actions.mute}`,
      "overflow-option",
      "overflow-option",
      "overflow-option",
      // Issue 37: "Mute until it recovers".
      "overflow-option",
      `button-${actions.details}`,
      // Issue 38: "Open incident channel".
      `button-${actions.openIncidentChannel}`,
      // Page now: "Page...".
      `button-${actions.pageOpen}`,
    ]);
    expect(html).toContain('class="bk-button bk-button--primary"');
    expect(html).not.toContain("unknown-");
    // The page finds the clicked element again from the block and action ids it rendered.
    const found = findElement(messageBlockGroups(alert), blocks.alertActions, actions.acknowledge);
    expect(found?.element.value).toEqual(expect.any(String));
  });

  it("renders the personal alerts modal's multi external selects with their chips", () => {
    const modal = renderPersonalAlertsModal({ teamName: "Acme", privateMetadata: "{}" });
    const html = renderBlocks(modal.blocks, ctx, { surface: "modal" });
    const P = blocks.personalAlerts;
    expect(html).toContain(`data-bk-element="multi_external_select" data-block-id="${P.monitors}"`);
    expect(html).toContain(`data-testid="chips-${actions.personalAlerts.groups}"`);
    expect(html).toContain('data-multi="true" data-selected="[]"');
    expect(html).not.toContain("unknown-");
  });

  it("renders the Page modal: the people as a multiple select of the workspace, the groups as chips", () => {
    const modal = renderPageModal({
      privateMetadata: "{}",
      incidents: [{ incidentId: "7", monitorName: "Web shop" }],
    });
    const html = renderBlocks(modal.blocks, ctx, { surface: "modal" });
    expect(html).toContain(`<select multiple class="bk-select" data-bk-element="multi_users_select"`);
    expect(html).toContain(`data-testid="chips-${actions.page.groups}"`);
    expect(html).toContain("Web shop (#7)");
    expect(html).not.toContain("unknown-");
    const state = buildViewState(modal.blocks, (blockId) =>
      blockId === blocks.page.people ? { kind: "options", options: [{ value: "U1" }] } : undefined,
    );
    expect(state[blocks.page.people]?.[actions.page.people]).toEqual({
      type: "multi_users_select",
      selected_users: ["U1"],
    });
  });

  it("renders the create-monitor modal's inputs: radio, text, number, static and external selects", () => {
    const modal = renderCreateMonitorModal({
      kind: "tcp",
      teamName: "Acme <Production>",
      privateMetadata: "{}",
    });
    const html = renderBlocks(modal.blocks, ctx, {
      surface: "modal",
      errors: { [blocks.createMonitor.name]: "Name has already been taken <b>" },
    });
    const B = blocks.createMonitor;
    expect(html).toContain("Acme &lt;Production&gt;");
    expect(html).toContain(`data-testid="input-block-${B.kind}" data-dispatch-action="true"`);
    expect(html).toMatch(/<input type="radio" [^>]*value="1" checked data-testid="choice-tcp">/);
    expect(html).toMatch(
      new RegExp(
        `<input type="text" class="bk-text-input" [^>]*data-testid="input-${B.name}"[^>]*aria-invalid="true"`,
      ),
    );
    expect(html).toContain(`data-testid="modal-error-${B.name}">Name has already been taken &lt;b&gt;</div>`);
    expect(html).toMatch(
      new RegExp(`<input type="number" [^>]*data-testid="input-${B.port}"[^>]*step="1" min="1" max="65535"`),
    );
    expect(html).toMatch(
      /<option value="\d+" selected>every 5 minutes<\/option>|<option value="\d+" selected>/,
    );
    expect(html).toContain(`data-bk-element="external_select" data-block-id="${B.group}"`);
    expect(html).toContain('data-min-query="0"');
    expect(html).toContain('<span class="bk-optional">(optional)</span>');
    expect(html).not.toContain("unknown-");
  });

  it("renders the login modal and the App Home (header, sections, context, divider, actions)", () => {
    const login = renderLoginModal({ privateMetadata: "{}" });
    const loginHtml = renderBlocks(login.blocks, ctx, { surface: "modal" });
    expect(loginHtml).toContain(`data-testid="input-${blocks.login.token}"`);
    expect(loginHtml).toContain("<b>personal API token</b>");
    const home = renderHome(linkedHome(2, 2, 1), { now: NOW });
    const homeHtml = renderBlocks(home.blocks, ctx, { surface: "home" });
    expect(homeHtml).toContain('<h3 class="bk-block bk-header"');
    expect(homeHtml).toContain('class="bk-block bk-actions" role="group"');
    expect(homeHtml).toContain(`button-${actions.acknowledge}`);
    expect(homeHtml).not.toContain("unknown-");
  });
});

describe("renderBlocks element by element", () => {
  it("renders buttons with styles, urls and confirm dialogs", () => {
    const html = renderBlocks(
      [
        {
          type: "actions",
          block_id: "a1",
          elements: [
            {
              type: "button",
              action_id: "go",
              text: { type: "plain_text", text: "Go :rocket:" },
              style: "danger",
              confirm: { title: { type: "plain_text", text: "Sure?" } },
            },
            {
              type: "button",
              action_id: "docs",
              text: { type: "plain_text", text: "Docs" },
              url: "https://example.com",
            },
          ],
        },
      ],
      ctx,
      { surface: "message" },
    );
    expect(html).toContain(
      '<button type="button" class="bk-button bk-button--danger" data-bk-element="button" data-block-id="a1" data-action-id="go" data-testid="button-go" data-confirm="true">Go 🚀</button>',
    );
    expect(html).toContain('data-url="https://example.com"');
  });

  it("renders a section with an accessory select, a multiline input, checkboxes and an image", () => {
    const html = renderBlocks(
      [
        {
          type: "section",
          text: { type: "plain_text", text: "Pick <one>" },
          accessory: {
            type: "static_select",
            action_id: "pick",
            placeholder: { type: "plain_text", text: "Choose" },
            option_groups: [
              {
                label: { type: "plain_text", text: "G" },
                options: [{ text: { type: "plain_text", text: "A" }, value: "a" }],
              },
            ],
          },
        },
        {
          type: "input",
          block_id: "notes",
          label: { type: "plain_text", text: "Notes" },
          element: {
            type: "plain_text_input",
            action_id: "n",
            multiline: true,
            initial_value: "</textarea><script>",
          },
        },
        {
          type: "input",
          block_id: "days",
          label: { type: "plain_text", text: "Days" },
          element: {
            type: "checkboxes",
            action_id: "d",
            options: [{ text: { type: "plain_text", text: "Mon" }, value: "mon" }],
            initial_options: [{ text: { type: "plain_text", text: "Mon" }, value: "mon" }],
          },
        },
        { type: "image", image_url: "https://example.com/x.png", alt_text: "graph" },
      ],
      ctx,
      { surface: "modal" },
    );
    expect(html).toContain("Pick &lt;one&gt;");
    expect(html).toContain(
      'aria-label="Choose"><option value="" selected>Choose</option><optgroup label="G"><option value="0">A</option></optgroup>',
    );
    expect(html).toContain("<textarea ");
    expect(html).toContain("&lt;/textarea&gt;&lt;script&gt;</textarea>");
    expect(html).toMatch(/<input type="checkbox" [^>]*value="0" checked/);
    expect(html).toContain("🖼 graph");
    expect(html).not.toContain("<img");
  });

  it("shows an unknown block and an unknown element readably instead of failing", () => {
    const html = renderBlocks(
      [
        { type: "video", title: { type: "plain_text", text: "Demo <video>" } },
        {
          type: "actions",
          elements: [{ type: "workflow_button", text: { type: "plain_text", text: "Run" } }],
        },
        "not a block",
        null,
      ],
      ctx,
      { surface: "message" },
    );
    expect(html).toContain(
      'data-testid="unknown-block" data-block-id="b0"><span class="bk-unknown-type">[video]</span> Demo &lt;video&gt;</div>',
    );
    expect(html).toContain(
      '<span class="bk-unknown" data-testid="unknown-element">[workflow_button] Run</span>',
    );
    expect(renderBlocks("nope", ctx, { surface: "message" })).toBe("");
  });

  it("renders rich_text readably", () => {
    const html = renderBlocks(
      [
        {
          type: "rich_text",
          elements: [
            {
              type: "rich_text_section",
              elements: [
                { type: "text", text: "hi <there>", style: { bold: true } },
                { type: "user", user_id: "U0OLIVIA" },
              ],
            },
            {
              type: "rich_text_list",
              style: "bullet",
              elements: [{ type: "rich_text_section", elements: [{ type: "emoji", name: "tada" }] }],
            },
          ],
        },
      ],
      ctx,
      { surface: "message" },
    );
    expect(html).toContain("<b>hi &lt;there&gt;</b>");
    expect(html).toContain("@Olivia Owner");
    expect(html).toContain("<ul><li>🎉</li></ul>");
  });
});

describe("messages and attachments", () => {
  it("shows the text when a message has no blocks", () => {
    expect(renderMessageContent({ text: "*hi* <@U0OLIVIA>" }, ctx)).toBe(
      '<div class="message-text"><b>hi</b> <span class="mention" data-user-id="U0OLIVIA">@Olivia Owner</span></div>',
    );
  });

  it("renders legacy attachment fields and refuses colours that are not colours", () => {
    const html = renderAttachments(
      [
        {
          color: "good",
          title: "T",
          title_link: "javascript:alert(1)",
          text: "_t_",
          fields: [{ title: "F", value: "v", short: true }],
        },
      ],
      ctx,
    );
    expect(html).toContain('data-color="#2EB67D"');
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<i>t</i>");
    expect(attachmentColor("ECB22E")).toBe("#ECB22E");
    expect(attachmentColor("red; background: url(x)")).toBeUndefined();
  });
});
