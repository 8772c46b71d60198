import { describe, expect, it } from "vitest";
import { checkBlockKitLimits } from "../../support/block-kit-limits";

const plain = (text: string) => ({ type: "plain_text", text });
const md = (text: string) => ({ type: "mrkdwn", text });
const x = (n: number) => "x".repeat(n);
const option = (text = "One", value = "1") => ({ text: plain(text), value });
const section = (text = "ok") => ({ type: "section", text: md(text) });
const button = (over: Record<string, unknown> = {}) => ({
  type: "button",
  text: plain("Acknowledge"),
  action_id: "ack",
  value: "1",
  ...over,
});
const actionsBlock = (elements: unknown[]) => ({ type: "actions", elements });

/** A message that uses every checked part, each right at its limit. */
const validMessage = {
  text: x(4000),
  blocks: [
    { type: "header", text: plain(x(150)), block_id: x(255) },
    {
      type: "section",
      text: md(x(3000)),
      accessory: button({ text: plain(x(75)), value: x(2000), url: x(3000) }),
    },
    { type: "section", fields: Array.from({ length: 10 }, () => md(x(2000))) },
    {
      type: "context",
      elements: [
        ...Array.from({ length: 9 }, () => md("c")),
        { type: "image", image_url: "https://x/i.png", alt_text: x(2000) },
      ],
    },
    actionsBlock([
      ...Array.from({ length: 23 }, (_, i) => button({ action_id: `b${i}` })),
      {
        type: "overflow",
        action_id: "mute",
        options: [option(x(75), x(150)), option("4 h", "4"), option("24 h", "24")],
      },
      {
        type: "static_select",
        action_id: "team",
        placeholder: plain(x(150)),
        options: Array.from({ length: 100 }, (_, i) => option(`T${i}`, `${i}`)),
      },
    ]),
    { type: "image", image_url: "https://x/i.png", alt_text: x(2000), title: plain(x(2000)) },
    { type: "divider" },
  ],
};

const validModal = {
  type: "modal",
  callback_id: x(255),
  private_metadata: x(3000),
  title: plain(x(24)),
  submit: plain(x(24)),
  close: plain(x(24)),
  blocks: [
    {
      type: "input",
      block_id: "name",
      label: plain(x(2000)),
      hint: plain(x(2000)),
      element: { type: "plain_text_input", action_id: "name", placeholder: plain(x(150)) },
    },
    {
      type: "input",
      block_id: "kind",
      label: plain("Kind"),
      element: {
        type: "radio_buttons",
        action_id: "kind",
        options: Array.from({ length: 10 }, (_, i) => option(`K${i}`, `${i}`)),
      },
    },
  ],
};

describe("checkBlockKitLimits", () => {
  it("accepts payloads right at every limit", () => {
    expect(checkBlockKitLimits("message", validMessage)).toEqual([]);
    expect(checkBlockKitLimits("modal", validModal)).toEqual([]);
    expect(checkBlockKitLimits("home", { blocks: Array.from({ length: 100 }, () => section()) })).toEqual([]);
  });

  const broken: [string, "message" | "modal" | "home", Record<string, unknown>, RegExp][] = [
    [
      "51 blocks in a message",
      "message",
      { blocks: Array.from({ length: 51 }, () => section()) },
      /^blocks: 51 blocks in a message, over 50$/,
    ],
    [
      "101 blocks in a modal",
      "modal",
      { title: plain("T"), blocks: Array.from({ length: 101 }, () => section()) },
      /101 blocks in a modal, over 100/,
    ],
    [
      "101 blocks in home",
      "home",
      { blocks: Array.from({ length: 101 }, () => section()) },
      /101 blocks in a home, over 100/,
    ],
    [
      "section text",
      "message",
      { blocks: [section(x(3001))] },
      /^blocks\[0\]\.text\.text: section text is 3001 characters, over 3000$/,
    ],
    ["empty section text", "message", { blocks: [section("")] }, /section text must not be empty/],
    [
      "section without text or fields",
      "message",
      { blocks: [{ type: "section" }] },
      /section needs text or fields/,
    ],
    [
      "11 fields",
      "message",
      { blocks: [{ type: "section", fields: Array.from({ length: 11 }, () => md("f")) }] },
      /11 fields, over 10/,
    ],
    [
      "field text",
      "message",
      { blocks: [{ type: "section", fields: [md(x(2001))] }] },
      /fields\[0\]\.text: section field is 2001 characters, over 2000/,
    ],
    [
      "header text",
      "message",
      { blocks: [{ type: "header", text: plain(x(151)) }] },
      /header text is 151 characters, over 150/,
    ],
    [
      "mrkdwn header",
      "message",
      { blocks: [{ type: "header", text: md("h") }] },
      /header text must be plain_text/,
    ],
    [
      "11 context elements",
      "message",
      { blocks: [{ type: "context", elements: Array.from({ length: 11 }, () => md("c")) }] },
      /11 context elements, over 10/,
    ],
    [
      "26 actions elements",
      "message",
      { blocks: [actionsBlock(Array.from({ length: 26 }, (_, i) => button({ action_id: `a${i}` })))] },
      /26 actions elements, over 25/,
    ],
    [
      "button text",
      "message",
      { blocks: [actionsBlock([button({ text: plain(x(76)) })])] },
      /button text is 76 characters, over 75/,
    ],
    [
      "button value",
      "message",
      { blocks: [actionsBlock([button({ value: x(2001) })])] },
      /button value is 2001 characters, over 2000/,
    ],
    [
      "button url",
      "message",
      { blocks: [actionsBlock([button({ url: x(3001) })])] },
      /button url is 3001 characters, over 3000/,
    ],
    [
      "action_id",
      "message",
      { blocks: [actionsBlock([button({ action_id: x(256) })])] },
      /action_id is 256 characters, over 255/,
    ],
    [
      "block_id",
      "message",
      { blocks: [{ ...section(), block_id: x(256) }] },
      /block_id is 256 characters, over 255/,
    ],
    [
      "duplicate action_id in a block",
      "message",
      { blocks: [actionsBlock([button(), button()])] },
      /duplicate action_id "ack" in this block/,
    ],
    [
      "duplicate block_id",
      "modal",
      {
        title: plain("T"),
        blocks: [
          { ...section(), block_id: "b" },
          { ...section(), block_id: "b" },
        ],
      },
      /blocks\[1\]\.block_id: duplicate block_id "b" \(also blocks\[0\]\)/,
    ],
    [
      "101 select options",
      "message",
      {
        blocks: [
          actionsBlock([
            { type: "static_select", action_id: "s", options: Array.from({ length: 101 }, () => option()) },
          ]),
        ],
      },
      /101 options, over 100/,
    ],
    [
      "option text",
      "message",
      { blocks: [actionsBlock([{ type: "static_select", action_id: "s", options: [option(x(76))] }])] },
      /option text is 76 characters, over 75/,
    ],
    [
      "option value",
      "message",
      { blocks: [actionsBlock([{ type: "static_select", action_id: "s", options: [option("o", x(151))] }])] },
      /option value is 151 characters, over 150/,
    ],
    [
      "placeholder",
      "message",
      {
        blocks: [
          actionsBlock([
            { type: "static_select", action_id: "s", placeholder: plain(x(151)), options: [option()] },
          ]),
        ],
      },
      /placeholder is 151 characters, over 150/,
    ],
    [
      "option group options",
      "message",
      {
        blocks: [
          actionsBlock([
            {
              type: "static_select",
              action_id: "s",
              option_groups: [{ label: plain("G"), options: Array.from({ length: 101 }, () => option()) }],
            },
          ]),
        ],
      },
      /option_groups\[0\]\.options: 101 options, over 100/,
    ],
    [
      "1 overflow option",
      "message",
      { blocks: [actionsBlock([{ type: "overflow", action_id: "o", options: [option()] }])] },
      /overflow has 1 options; it takes 2 to 5/,
    ],
    [
      "6 overflow options",
      "message",
      {
        blocks: [
          actionsBlock([
            { type: "overflow", action_id: "o", options: Array.from({ length: 6 }, () => option()) },
          ]),
        ],
      },
      /overflow has 6 options/,
    ],
    [
      "11 radio buttons",
      "modal",
      {
        title: plain("T"),
        submit: plain("S"),
        blocks: [
          {
            type: "input",
            label: plain("L"),
            element: {
              type: "radio_buttons",
              action_id: "r",
              options: Array.from({ length: 11 }, () => option()),
            },
          },
        ],
      },
      /11 options, over 10/,
    ],
    [
      "image alt_text",
      "message",
      { blocks: [{ type: "image", image_url: "https://x/i.png", alt_text: x(2001) }] },
      /image alt_text is 2001 characters, over 2000/,
    ],
    [
      "context image alt_text",
      "message",
      { blocks: [{ type: "context", elements: [{ type: "image", image_url: "u", alt_text: x(2001) }] }] },
      /elements\[0\]\.alt_text/,
    ],
    [
      "input label",
      "modal",
      {
        title: plain("T"),
        submit: plain("S"),
        blocks: [
          { type: "input", label: plain(x(2001)), element: { type: "plain_text_input", action_id: "i" } },
        ],
      },
      /input label is 2001 characters, over 2000/,
    ],
    [
      "input placeholder",
      "modal",
      {
        title: plain("T"),
        submit: plain("S"),
        blocks: [
          {
            type: "input",
            label: plain("L"),
            element: { type: "plain_text_input", action_id: "i", placeholder: plain(x(151)) },
          },
        ],
      },
      /placeholder is 151 characters/,
    ],
    [
      "modal title",
      "modal",
      { title: plain(x(25)), blocks: [] },
      /^title\.text: modal title is 25 characters, over 24$/,
    ],
    ["modal without title", "modal", { blocks: [] }, /a modal needs a title/],
    [
      "submit text",
      "modal",
      { title: plain("T"), submit: plain(x(25)), blocks: [] },
      /submit text is 25 characters, over 24/,
    ],
    [
      "close text",
      "modal",
      { title: plain("T"), close: plain(x(25)), blocks: [] },
      /close text is 25 characters, over 24/,
    ],
    [
      "input without submit",
      "modal",
      {
        title: plain("T"),
        blocks: [{ type: "input", label: plain("L"), element: { type: "plain_text_input", action_id: "i" } }],
      },
      /a modal with input blocks needs submit/,
    ],
    [
      "private_metadata",
      "modal",
      { title: plain("T"), blocks: [], private_metadata: x(3001) },
      /private_metadata is 3001 characters, over 3000/,
    ],
    [
      "home private_metadata",
      "home",
      { blocks: [], private_metadata: x(3001) },
      /private_metadata is 3001 characters/,
    ],
    [
      "callback_id",
      "modal",
      { title: plain("T"), blocks: [], callback_id: x(256) },
      /callback_id is 256 characters, over 255/,
    ],
    [
      "message text past Slack's advice",
      "message",
      { text: x(4001) },
      /^text: 4001 characters: keep it under 4000/,
    ],
    ["message text truncated", "message", { text: x(40001) }, /Slack truncates past 40000/],
    ["blocks not an array", "message", { blocks: {} }, /^blocks: must be an array$/],
    ["junk block", "message", { blocks: [42] }, /blocks\[0\]: block must be an object/],
  ];

  it.each(broken)("reports %s", (_, surface, payload, problem) => {
    const problems = checkBlockKitLimits(surface, payload);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it("reports every problem of a payload, with its path", () => {
    const problems = checkBlockKitLimits("message", {
      blocks: [section(x(3001)), { type: "header", text: plain(x(151)) }],
    });
    expect(problems).toEqual([
      "blocks[0].text.text: section text is 3001 characters, over 3000",
      "blocks[1].text.text: header text is 151 characters, over 150",
    ]);
  });

  it("allows the same action_id in different blocks (one Acknowledge per incident)", () => {
    expect(
      checkBlockKitLimits("message", { blocks: [actionsBlock([button()]), actionsBlock([button()])] }),
    ).toEqual([]);
  });

  it("counts UTF-16 code units as Slack does", () => {
    expect(checkBlockKitLimits("modal", { title: plain("😀".repeat(12)), blocks: [] })).toEqual([]);
    expect(checkBlockKitLimits("modal", { title: plain(`${"😀".repeat(12)}a`), blocks: [] })).toHaveLength(1);
  });
});
