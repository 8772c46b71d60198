import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  apiErrorsToBlocks,
  blockForPointer,
  CREATE_TIMEOUT_TEXT,
  createFailureErrors,
  inputBlocksOf,
  isHttpUrl,
  parseCreateMonitorForm,
} from "../../../src/ui/create-monitor-form";
import { actions, blocks } from "../../../src/ui/ids";

const A = actions.createMonitor;
const B = blocks.createMonitor;

type Values = Record<string, Record<string, Record<string, unknown>>>;

/** view.state.values as Slack sends them for the given fields (block_id and action_id from ids.ts). */
function state(fields: {
  kind?: "url" | "tcp";
  name?: string;
  url?: string;
  keyword?: string;
  host?: string;
  port?: string;
  timeout?: string;
  interval?: string;
  group?: string;
  newGroup?: string;
  pronounceable?: string;
}): Values {
  const values: Values = {};
  const text = (key: keyof typeof B, value: string | undefined, type = "plain_text_input") => {
    values[B[key]] = { [A[key]]: { type, value: value ?? null } };
  };
  const select = (key: keyof typeof B, value: string | undefined, type: string) => {
    values[B[key]] = {
      [A[key]]: {
        type,
        selected_option: value === undefined ? null : { text: { type: "plain_text", text: value }, value },
      },
    };
  };
  select("kind", fields.kind ?? "url", "radio_buttons");
  text("name", fields.name);
  if ((fields.kind ?? "url") === "url") {
    text("url", fields.url);
    text("keyword", fields.keyword);
  } else {
    text("host", fields.host);
    text("port", fields.port, "number_input");
    text("timeout", fields.timeout, "number_input");
  }
  select("interval", fields.interval, "static_select");
  select("group", fields.group, "external_select");
  text("newGroup", fields.newGroup);
  text("pronounceable", fields.pronounceable);
  return values;
}

describe("parseCreateMonitorForm", () => {
  it("parses a URL monitor with defaults", () => {
    const result = parseCreateMonitorForm(
      state({ name: " API health ", url: "https://api.example.com/health" }),
    );
    expect(result).toEqual({
      ok: true,
      form: {
        kind: "url",
        groupSource: "none",
        input: {
          kind: "http",
          name: "API health",
          url: "https://api.example.com/health",
          interval: 60,
          group: null,
        },
      },
    });
  });

  it("takes the keyword of an HTTP monitor (A8 keywordBody) and maps its 422 to the keyword input", () => {
    const result = parseCreateMonitorForm(
      state({ name: "Shop", url: "https://shop.example.com/", keyword: " Add to cart " }),
    );
    expect(result.ok && result.form.input).toMatchObject({ kind: "http", keywordBody: "Add to cart" });
    expect(inputBlocksOf("url")).toContain(B.keyword);
    expect(inputBlocksOf("tcp")).not.toContain(B.keyword);
    expect(blockForPointer("/data/attributes/settings/keywordBody", "url", "none")).toBe(B.keyword);
  });

  it("parses a TCP monitor with every field", () => {
    const result = parseCreateMonitorForm(
      state({
        kind: "tcp",
        name: "DB",
        host: "db.example.com",
        port: "5432",
        timeout: "5",
        interval: "300",
        group: "Infrastructure",
        pronounceable: "dee bee",
      }),
    );
    expect(result).toEqual({
      ok: true,
      form: {
        kind: "tcp",
        groupSource: "existing",
        input: {
          kind: "tcp_port",
          name: "DB",
          host: "db.example.com",
          port: 5432,
          timeout: 5,
          interval: 300,
          group: "Infrastructure",
          pronounceable: "dee bee",
        },
      },
    });
  });

  it("takes a new group typed by the user", () => {
    const result = parseCreateMonitorForm(
      state({ name: "x", url: "http://x.example", newGroup: " Payments " }),
    );
    expect(result.ok && result.form.input.group).toBe("Payments");
    expect(result.ok && result.form.groupSource).toBe("new");
  });

  it.each([
    ["missing name", { url: "https://x.example" }, B.name],
    ["missing URL", { name: "n" }, B.url],
    ["ftp URL", { name: "n", url: "ftp://x.example" }, B.url],
    ["URL without scheme", { name: "n", url: "example.com" }, B.url],
    ["javascript URL", { name: "n", url: "javascript:alert(1)" }, B.url],
    ["interval not in A8", { name: "n", url: "https://x.example", interval: "45" }, B.interval],
    ["both groups", { name: "n", url: "https://x.example", group: "API", newGroup: "New" }, B.newGroup],
    ["missing host", { kind: "tcp", name: "n", port: "22" }, B.host],
    ["port 0", { kind: "tcp", name: "n", host: "h", port: "0" }, B.port],
    ["port 70000", { kind: "tcp", name: "n", host: "h", port: "70000" }, B.port],
    ["port 8.5", { kind: "tcp", name: "n", host: "h", port: "8.5" }, B.port],
    ["port -1", { kind: "tcp", name: "n", host: "h", port: "-1" }, B.port],
    ["port missing", { kind: "tcp", name: "n", host: "h" }, B.port],
    ["timeout 0", { kind: "tcp", name: "n", host: "h", port: "22", timeout: "0" }, B.timeout],
    ["timeout 61", { kind: "tcp", name: "n", host: "h", port: "22", timeout: "61" }, B.timeout],
  ] as const)("refuses %s on the right block", (_label, fields, block) => {
    const result = parseCreateMonitorForm(state(fields as Parameters<typeof state>[0]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([block]);
  });

  it("gives every error at once", () => {
    const result = parseCreateMonitorForm(state({ kind: "tcp", port: "99999", timeout: "x" }));
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(
      [B.host, B.name, B.port, B.timeout].sort(),
    );
  });

  it("defaults the TCP timeout to 10 s when left empty", () => {
    const result = parseCreateMonitorForm(state({ kind: "tcp", name: "n", host: "h", port: "22" }));
    expect(result.ok && result.form.input).toMatchObject({ kind: "tcp_port", timeout: 10 });
  });

  it("never throws and only names blocks of the modal's kind, whatever the state holds", () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.constant(null),
      fc.integer(),
      fc.record({ value: fc.oneof(fc.string(), fc.constant(null), fc.integer()) }),
      fc.record({ selected_option: fc.oneof(fc.constant(null), fc.record({ value: fc.string() })) }),
    );
    const blockIds = fc.constantFrom(...Object.values(B), "other");
    const actionIds = fc.constantFrom(...Object.values(A), "other");
    const values = fc.oneof(
      fc.anything(),
      fc.dictionary(blockIds, fc.dictionary(actionIds, anyValue)),
      fc
        .record({
          kind: fc.constantFrom("url", "tcp") as fc.Arbitrary<"url" | "tcp">,
          name: fc.string(),
          url: fc.string(),
          host: fc.string(),
          port: fc.string(),
          timeout: fc.string(),
          interval: fc.string(),
          group: fc.string(),
          newGroup: fc.string(),
        })
        .map(state),
    );
    fc.assert(
      fc.property(values, (v) => {
        const result = parseCreateMonitorForm(v);
        if (result.ok) {
          expect(result.form.input.name.trim()).not.toBe("");
          if (result.form.input.kind === "http") expect(isHttpUrl(result.form.input.url)).toBe(true);
          else {
            expect(result.form.input.port).toBeGreaterThanOrEqual(1);
            expect(result.form.input.port).toBeLessThanOrEqual(65535);
          }
        } else {
          const allowed = [...inputBlocksOf("url"), ...inputBlocksOf("tcp")];
          for (const key of Object.keys(result.errors)) expect(allowed).toContain(key);
          expect(Object.keys(result.errors).length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe("422 pointer -> block", () => {
  it.each([
    ["/data/attributes/name", "url", "none", B.name],
    ["/data/attributes/settings/url", "url", "none", B.url],
    ["/data/attributes/settings/host", "tcp", "none", B.host],
    ["/data/attributes/settings/port", "tcp", "none", B.port],
    ["/data/attributes/settings/timeout", "tcp", "none", B.timeout],
    ["/data/attributes/interval", "url", "none", B.interval],
    ["/data/attributes/group", "url", "existing", B.group],
    ["/data/attributes/group", "url", "new", B.newGroup],
    ["/data/attributes/pronounceable", "tcp", "none", B.pronounceable],
    ["/data/attributes/service", "tcp", "none", B.kind],
    ["/data/attributes/settings", "tcp", "none", B.host],
    // Blocks the modal of that kind does not show, and pointers of nothing in the form:
    ["/data/attributes/settings/url", "tcp", "none", null],
    ["/data/attributes/settings/port", "url", "none", null],
    ["/data/type", "url", "none", null],
    ["", "url", "none", null],
  ] as const)("%s (%s modal, group %s) -> %s", (pointer, kind, groupSource, block) => {
    expect(blockForPointer(pointer, kind, groupSource)).toBe(block);
  });

  it("joins errors on one block and puts unmappable ones on the name block with their detail", () => {
    const errors = apiErrorsToBlocks(
      [
        { pointer: "/data/attributes/settings/port", detail: "port must be an integer from 1 to 65535" },
        { pointer: "/data/attributes/settings/port", detail: "port is reserved" },
        { pointer: "/data/type", detail: 'type must be "monitors"' },
      ],
      { kind: "tcp", groupSource: "none" },
    );
    expect(errors).toEqual({
      [B.port]: "port must be an integer from 1 to 65535 port is reserved",
      [B.name]: 'The Uptime service refused the monitor: type must be "monitors"',
    });
  });

  it("a 422 without field errors still says something on the name block", () => {
    expect(
      apiErrorsToBlocks([], { kind: "url", groupSource: "none", detail: "Monitor limit reached" }),
    ).toEqual({
      [B.name]: "The Uptime service refused the monitor: Monitor limit reached.",
    });
  });
});

describe("createFailureErrors", () => {
  const context = { kind: "url", groupSource: "none" } as const;
  it("maps a ValidationError by pointer", () => {
    const error = {
      code: "api.validation",
      fieldErrors: [
        { pointer: "/data/attributes/settings/url", detail: "url must be a valid http or https URL" },
      ],
    };
    expect(createFailureErrors(error, context)).toEqual({
      errors: { [B.url]: "url must be a valid http or https URL" },
      unexpected: false,
    });
  });

  it("gives a read-only member the role sentence on the name block", () => {
    const { errors, unexpected } = createFailureErrors({ code: "api.permission-denied" }, context);
    expect(errors[B.name]).toMatch(/read-only members can't change monitors/);
    expect(unexpected).toBe(false);
  });

  it.each(["api.timeout", "api.network"])("%s says nothing was created", (code) => {
    expect(createFailureErrors({ code }, context)).toEqual({
      errors: { [B.name]: CREATE_TIMEOUT_TEXT },
      unexpected: false,
    });
  });

  it("an unknown error is generic and unexpected", () => {
    const { errors, unexpected } = createFailureErrors(new Error("secret internals"), context);
    expect(errors[B.name]).not.toContain("secret");
    expect(unexpected).toBe(true);
  });
});
