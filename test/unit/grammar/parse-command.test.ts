import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Command,
  formatCommand,
  MAX_COMMAND_LENGTH,
  type MentionArgument,
  parseCommand,
  quoteValue,
  resolveSubcommand,
  SUBCOMMANDS,
  type SubcommandName,
} from "../../../src/grammar";

/**
 * What Slack does to slash command text before sending it: typed & < > are escaped, while a
 * person picked from the mention menu arrives as the entity <@U123|name>, which the formatter
 * writes back as is (a typed "@name" carries no id to write).
 */
const PERSON_ENTITY = /(<@U[A-Z0-9]+(?:\|[a-z0-9._-]+)?>)/;
const slackEscape = (text: string) =>
  text
    .split(PERSON_ENTITY)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
    )
    .join("");

describe("parseCommand: examples", () => {
  const examples: [string, Command][] = [
    ["", { kind: "help" }],
    ["   ", { kind: "help" }],
    ["help", { kind: "help" }],
    ["?", { kind: "help" }],
    ["--help", { kind: "help" }],
    ["-h", { kind: "help" }],
    ["HELP Monitors", { kind: "help", topic: "monitors" }],
    ["help subs", { kind: "help", topic: "subscriptions" }],
    ["monitors --help", { kind: "help", topic: "monitors" }],
    ["ack -h", { kind: "help", topic: "ack" }],
    ["login", { kind: "login" }],
    ["Logout", { kind: "logout" }],
    ["whoami", { kind: "whoami" }],
    ["team", { kind: "team" }],
    ["team 42", { kind: "team", team: "42" }],
    ["team Acme   Corp", { kind: "team", team: "Acme Corp" }],
    ["status", { kind: "status" }],
    ["monitors", { kind: "monitors", page: 1 }],
    ["list", { kind: "monitors", page: 1 }],
    ["ls api", { kind: "monitors", page: 1, text: "api" }],
    [
      'monitors api gw --state DOWN --group "Edge EU" --sort=-created,name --page 3',
      {
        kind: "monitors",
        text: "api gw",
        state: "down",
        group: "Edge EU",
        sort: ["-created", "name"],
        page: 3,
      },
    ],
    ["monitors --state=paused", { kind: "monitors", page: 1, state: "paused" }],
    ["monitors —state up", { kind: "monitors", page: 1, state: "up" }],
    ["monitors --group=“Edge EU”", { kind: "monitors", page: 1, group: "Edge EU" }],
    ['monitors "--state"', { kind: "monitors", page: 1, text: "--state" }],
    ['monitor "API gateway"', { kind: "monitor", monitor: "API gateway" }],
    ["monitor “API gateway”", { kind: "monitor", monitor: "API gateway" }],
    ["mon 'API gateway'", { kind: "monitor", monitor: "API gateway" }],
    ["monitor Bob's API", { kind: "monitor", monitor: "Bob's API" }],
    ["monitor 1234", { kind: "monitor", monitor: "1234" }],
    ["monitor <https://api.example.com|api.example.com>", { kind: "monitor", monitor: "api.example.com" }],
    ["monitor <https://api.example.com>", { kind: "monitor", monitor: "https://api.example.com" }],
    ["monitor R&amp;D &lt;prod&gt;", { kind: "monitor", monitor: "R&D <prod>" }],
    ['monitor "unterminated name', { kind: "monitor", monitor: "unterminated name" }],
    ["incidents", { kind: "incidents", openOnly: false, page: 1 }],
    ["incident OPEN", { kind: "incidents", openOnly: true, page: 1 }],
    ["incidents open --page 2", { kind: "incidents", openOnly: true, page: 2 }],
    ["ack 123", { kind: "ack", incidentId: "123" }],
    ["incident #42", { kind: "incident", incidentId: "42" }],
    ["incident", { kind: "incidents", openOnly: false, page: 1 }],
    ["incident open", { kind: "incidents", openOnly: true, page: 1 }],
    ["ack #123", { kind: "ack", incidentId: "123" }],
    ["acknowledge 7", { kind: "ack", incidentId: "7" }],
    ["availability", { kind: "availability", target: { kind: "team" }, period: "24h" }],
    ["availability 30d", { kind: "availability", target: { kind: "team" }, period: "30d" }],
    [
      "availability API gateway 30d",
      { kind: "availability", target: { kind: "monitor", monitor: "API gateway" }, period: "30d" },
    ],
    [
      'avail group:"Edge EU"',
      { kind: "availability", target: { kind: "group", group: "Edge EU" }, period: "24h" },
    ],
    [
      "availability Group:“Edge EU” 1d",
      { kind: "availability", target: { kind: "group", group: "Edge EU" }, period: "24h" },
    ],
    [
      'latency group: "Edge EU" 30D',
      { kind: "latency", target: { kind: "group", group: "Edge EU" }, period: "30d" },
    ],
    ["latency monitor:api", { kind: "latency", target: { kind: "monitor", monitor: "api" }, period: "24h" }],
    ["latency 2fa", { kind: "latency", target: { kind: "monitor", monitor: "2fa" }, period: "24h" }],
    ['latency "30d"', { kind: "latency", target: { kind: "monitor", monitor: "30d" }, period: "24h" }],
    ["checks", { kind: "checks" }],
    ["locations", { kind: "locations" }],
    ["channels", { kind: "channels" }],
    ["create", { kind: "create" }],
    ["new", { kind: "create" }],
    ["pause api-eu", { kind: "pause", monitor: "api-eu" }],
    ["disable api-eu", { kind: "pause", monitor: "api-eu" }],
    ["resume API gateway", { kind: "resume", monitor: "API gateway" }],
    ["subscribe", { kind: "subscribe", monitors: [], groups: [] }],
    [
      "subscribe --storm 10 --flap 4/30m",
      { kind: "subscribe", monitors: [], groups: [], storm: 10, flap: { count: 4, windowMinutes: 30 } },
    ],
    ["subscribe --digest Weekly", { kind: "subscribe", monitors: [], groups: [], digest: "weekly" }],
    ["subscribe --escalate 15m", { kind: "subscribe", monitors: [], groups: [], escalateMinutes: 15 }],
    ["subscribe --escalate=1440", { kind: "subscribe", monitors: [], groups: [], escalateMinutes: 1440 }],
    [
      "subscribe --escalate 5m,15m,30m",
      {
        kind: "subscribe",
        monitors: [],
        groups: [],
        escalateMinutes: 5,
        escalateSteps: [{ minutes: 5 }, { minutes: 15 }, { minutes: 30 }],
      },
    ],
    [
      // As Slack sends it with should_escape: each step's mention is its own entity inside one word.
      "subscribe --mention <!subteam^S0OPS|@ops> --escalate 5m:<!subteam^S0PRI|@primary>,15m:<@U0LEAD|lee>,30m:here,45m",
      {
        kind: "subscribe",
        monitors: [],
        groups: [],
        mention: { kind: "usergroup", id: "S0OPS", handle: "ops" },
        escalateMinutes: 5,
        escalateSteps: [
          { minutes: 5, mention: { kind: "usergroup", id: "S0PRI", handle: "primary" } },
          { minutes: 15, mention: { kind: "user", id: "U0LEAD", name: "lee" } },
          { minutes: 30, mention: { kind: "here" } },
          { minutes: 45 },
        ],
      },
    ],
    [
      "subscribe --escalate=10m:@oncall",
      {
        kind: "subscribe",
        monitors: [],
        groups: [],
        escalateMinutes: 10,
        escalateSteps: [{ minutes: 10, mention: { kind: "usergroup", handle: "oncall" } }],
      },
    ],
    [
      "subscribe --escalate=10m:<@U0ANN|ann>",
      {
        kind: "subscribe",
        monitors: [],
        groups: [],
        escalateMinutes: 10,
        escalateSteps: [{ minutes: 10, mention: { kind: "user", id: "U0ANN", name: "ann" } }],
      },
    ],
    [
      "subscribe --mention <@U0ANN|ann>",
      { kind: "subscribe", monitors: [], groups: [], mention: { kind: "user", id: "U0ANN", name: "ann" } },
    ],
    [
      "subscribe <@U0ANN>",
      { kind: "subscribe", monitors: [], groups: [], mention: { kind: "user", id: "U0ANN" } },
    ],
    ["digest", { kind: "digest" }],
    ["digest daily", { kind: "digest", cadence: "daily" }],
    [
      'subscribe monitor:api group:"Edge EU" group:core --mention here',
      { kind: "subscribe", monitors: ["api"], groups: ["Edge EU", "core"], mention: { kind: "here" } },
    ],
    [
      "sub group:edge --mention <!subteam^S0123|@oncall>",
      {
        kind: "subscribe",
        monitors: [],
        groups: ["edge"],
        mention: { kind: "usergroup", handle: "oncall", id: "S0123" },
      },
    ],
    [
      "subscribe group:edge --mention=@oncall",
      { kind: "subscribe", monitors: [], groups: ["edge"], mention: { kind: "usergroup", handle: "oncall" } },
    ],
    [
      "subscribe --mention <!channel>",
      { kind: "subscribe", monitors: [], groups: [], mention: { kind: "channel" } },
    ],
    [
      "subscribe monitor:api <!here>",
      { kind: "subscribe", monitors: ["api"], groups: [], mention: { kind: "here" } },
    ],
    ["subscribe monitor:api monitor:api", { kind: "subscribe", monitors: ["api"], groups: [] }],
    ["unsubscribe", { kind: "unsubscribe", all: false, monitors: [], groups: [] }],
    ["unsubscribe all", { kind: "unsubscribe", all: true, monitors: [], groups: [] }],
    ["unsub group:edge", { kind: "unsubscribe", all: false, monitors: [], groups: ["edge"] }],
    ["subscriptions", { kind: "subscriptions" }],
    ["SUBS", { kind: "subscriptions" }],
  ];

  it.each(examples)("%j", (text, expected) => {
    expect(parseCommand(text)).toStrictEqual(expected);
  });
});

describe("parseCommand: what it does not understand gives help with a precise error", () => {
  const errors: [string, SubcommandName | undefined, RegExp][] = [
    ["moniters", undefined, /unknown command "moniters"; did you mean "monitors"/],
    ['"quoted words"', undefined, /unknown command "quoted words"/],
    ["help nope", undefined, /there is no command "nope"/],
    [
      "monitors --state broken",
      "monitors",
      /^--state must be one of up, down, paused, pending \(got "broken"\)$/,
    ],
    ["monitors --state", "monitors", /--state needs a value: up, down, paused, pending/],
    ["monitors --state --group x", "monitors", /--state needs a value/],
    ["monitors --sort size", "monitors", /--sort takes name, group or created/],
    ["monitors --sort name,-name", "monitors", /--sort names "name" twice/],
    ["monitors --page 0", "monitors", /--page must be a whole number from 1 to 9999/],
    ["monitors --page two", "monitors", /--page must be a whole number/],
    ["monitors --page 99999999999999999999", "monitors", /--page must be a whole number/],
    ["monitors --color red", "monitors", /unknown option --color for "monitors" \(options: --state, --group/],
    ["monitors --state up --state down", "monitors", /--state is given twice/],
    ["monitor", "monitor", /"monitor" needs a monitor name or id/],
    ['monitor ""', "monitor", /"monitor" needs a monitor name or id/],
    ["monitor --state up", "monitor", /"monitor" has no options/],
    ["status now", "status", /"status" takes no arguments \(got "now"\)/],
    ["incidents closed", "incidents", /"incidents" takes "open" or nothing \(got "closed"\)/],
    ["incidents 12", "incidents", /use "incident 12", to acknowledge it "ack 12"/],
    ["incident 1 2", "incident", /"incident" takes one incident id/],
    ["incident abc", "incident", /an incident id is a number/],
    ["ack", "ack", /"ack" needs an incident id/],
    ["ack abc", "ack", /an incident id is a number/],
    ["subscribe --storm 0", "subscribe", /--storm is a number of incidents from 1 to 1000/],
    ["subscribe --storm lots", "subscribe", /--storm is a number of incidents/],
    ["subscribe --digest hourly", "subscribe", /--digest is daily or weekly \(got "hourly"\)/],
    ["subscribe --escalate 0m", "subscribe", /--escalate is <minutes>m, 1 to 1440, e\.g\. --escalate 15m/],
    ["subscribe --escalate 1441m", "subscribe", /--escalate is <minutes>m, 1 to 1440/],
    ["subscribe --escalate 2h", "subscribe", /--escalate is <minutes>m/],
    ["subscribe --escalate 5m,,15m", "subscribe", /--escalate is <minutes>m.*\(got "5m,,15m"\)/],
    ["subscribe --escalate 15m,5m", "subscribe", /--escalate steps go later each time: 5m comes after 15m/],
    ["subscribe --escalate 5m,5m", "subscribe", /steps go later each time/],
    ["subscribe --escalate 1m,2m,3m,4m,5m,6m", "subscribe", /--escalate takes at most 5 steps \(got 6\)/],
    ["subscribe --escalate 5m:", "subscribe", /the mention of the 5m step needs a value/],
    [
      "subscribe --escalate 5m:pager",
      "subscribe",
      /the mention of the 5m step must be here, channel, oncall/,
    ],
    ["subscribe --escalate 5m:<!everyone>", "subscribe", /@everyone is not allowed/],
    ["digest monthly", "digest", /"digest" takes daily or weekly/],
    ["digest daily weekly", "digest", /"digest" takes daily or weekly/],
    ["subscribe --flap 3", "subscribe", /--flap is <incidents>\/<minutes>m/],
    ["subscribe --flap 1/15m", "subscribe", /2 to 100 incidents within 1 to 1440 minutes/],
    ["subscribe --flap 3/0m", "subscribe", /--flap is/],
    ["ack 1 2", "ack", /"ack" takes one incident id/],
    ["availability api 7d", "availability", /the period must be 24h or 30d \(got "7d"\)/],
    ["availability 24h 30d", "availability", /give one period/],
    ["latency api group:edge", "latency", /one monitor or one group/],
    ["latency group:", "latency", /group: needs a name/],
    ["pause", "pause", /"pause" needs a monitor name or id/],
    ["subscribe api", "subscribe", /takes monitor:<name> and group:<name> filters \(got "api"\)/],
    ["subscribe --mention everyone", "subscribe", /@everyone is not allowed/],
    ["subscribe --mention <!everyone>", "subscribe", /@everyone is not allowed/],
    [
      "subscribe --mention pager",
      "subscribe",
      /--mention must be here, channel, oncall, a @usergroup or a @person \(got "pager"\)/,
    ],
    ["subscribe --mention", "subscribe", /--mention needs a value/],
    ["subscribe @a @b", "subscribe", /give one --mention/],
    ["unsubscribe all group:x", "unsubscribe", /"unsubscribe all" takes no filters/],
    ["unsubscribe everything", "unsubscribe", /or "all" \(got "everything"\)/],
    ["unsubscribe --mention here", "unsubscribe", /"unsubscribe" has no options/],
  ];

  it.each(errors)("%j", (text, topic, error) => {
    const command = parseCommand(text);
    expect(command.kind).toBe("help");
    if (command.kind !== "help") return;
    expect(command.topic).toBe(topic);
    expect(command.error).toMatch(error);
  });

  it("quotes long user text back cut short", () => {
    const command = parseCommand(`monitors --state ${"x".repeat(500)}`);
    expect(command.kind === "help" && command.error).toMatch(/^--state must be one of .* \(got "x{57}…"\)$/);
  });

  it("names the unknown word", () => {
    expect(parseCommand("frobnicate now")).toMatchObject({ kind: "help", unknown: "frobnicate" });
  });

  it("refuses overlong text without lexing it", () => {
    const command = parseCommand(`monitor ${"x".repeat(MAX_COMMAND_LENGTH)}`);
    expect(command).toMatchObject({ kind: "help", error: expect.stringMatching(/too long/) });
  });

  it("copes with a non-string from untyped callers", () => {
    expect(parseCommand(undefined as unknown as string)).toEqual({ kind: "help" });
  });
});

describe("subcommand table", () => {
  it("has no alias shared by two subcommands", () => {
    const words = SUBCOMMANDS.flatMap((s) => [s.name, ...s.aliases]);
    expect(new Set(words).size).toBe(words.length);
  });

  it("has an example for each subcommand that parses to that subcommand", () => {
    for (const info of SUBCOMMANDS) {
      const command = parseCommand(info.example);
      const kind = command.kind === "help" ? "help" : command.kind;
      expect(kind, info.example).toBe(info.name);
      if (command.kind === "help") expect(command.error).toBeUndefined();
      expect(resolveSubcommand(info.name.toUpperCase())).toBe(info.name);
    }
  });
});

describe("quoteValue", () => {
  it.each([
    ["api", "api"],
    ["API gateway", '"API gateway"'],
    ["Bob's", "Bob's"],
    ['say "hi"', "'say \"hi\"'"],
    ["open", '"open"'],
    ["30d", '"30d"'],
    ["-h", '"-h"'],
    ["group:x", '"group:x"'],
    ["@oncall", '"@oncall"'],
    ["", '""'],
  ])("%j -> %s", (value, quoted) => {
    expect(quoteValue(value)).toBe(quoted);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const DOUBLE = /["“”„‟]/;
const SINGLE = /['‘’‚‛]/;

/** A value a user can type exactly: trimmed, non-empty, not mixing both kinds of quotes. */
const value = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "api",
        "API gateway",
        "open",
        "all",
        "here",
        "channel",
        "@oncall",
        "24h",
        "30d",
        "7d",
        "2fa",
        "-h",
        "--state",
        "—x",
        "monitor:x",
        "group:y",
        'say "hi"',
        "Bob's",
        "“smart”",
        "&amp;",
        "<!here>",
        "a=b",
        "?",
        "#12",
        "x\u00a0y",
      ),
    },
  )
  .filter((v) => v.trim() === v && v !== "" && !(DOUBLE.test(v) && SINGLE.test(v)));

const handle = fc
  .stringMatching(/^[a-z0-9._-]{1,12}$/)
  .filter((h) => !["here", "channel", "everyone"].includes(h));

const mention: fc.Arbitrary<MentionArgument> = fc.oneof(
  fc.constant<MentionArgument>({ kind: "here" }),
  fc.constant<MentionArgument>({ kind: "channel" }),
  handle.map((h): MentionArgument => ({ kind: "usergroup", handle: h })),
  fc
    .tuple(fc.stringMatching(/^U[A-Z0-9]{2,10}$/), fc.option(handle, { nil: undefined }))
    .map(([id, name]): MentionArgument => (name ? { kind: "user", id, name } : { kind: "user", id })),
);

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Drops undefined fields, as the parser never sets them. */
const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const sortKeys = fc
  .uniqueArray(fc.constantFrom("name", "group", "created"), { minLength: 1, maxLength: 3 })
  .chain((fields) =>
    fc.tuple(...fields.map((f) => fc.boolean().map((desc) => (desc ? `-${f}` : f)))),
  ) as fc.Arbitrary<("name" | "-name" | "group" | "-group" | "created" | "-created")[]>;

const target = fc.oneof(
  fc.constant({ kind: "team" as const }),
  value.map((monitor) => ({ kind: "monitor" as const, monitor })),
  value.map((group) => ({ kind: "group" as const, group })),
);

const names = fc.uniqueArray(value, { maxLength: 3 });

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.constant<Command>({ kind: "help" }),
  fc.constantFrom(...SUBCOMMANDS.map((s) => s.name)).map((topic): Command => ({ kind: "help", topic })),
  fc.constantFrom<Command>(
    { kind: "login" },
    { kind: "logout" },
    { kind: "whoami" },
    { kind: "status" },
    { kind: "checks" },
    { kind: "locations" },
    { kind: "channels" },
    { kind: "create" },
    { kind: "subscriptions" },
  ),
  opt(value).map((team): Command => clean({ kind: "team", team })),
  fc
    .record({
      text: opt(value),
      state: opt(fc.constantFrom("up", "down", "paused", "pending") as fc.Arbitrary<"up">),
      group: opt(value),
      sort: opt(sortKeys),
      page: fc.integer({ min: 1, max: 9999 }),
    })
    .map((r): Command => clean({ kind: "monitors", ...r })),
  fc
    .tuple(fc.constantFrom("monitor", "pause", "resume", "delete") as fc.Arbitrary<"monitor">, value)
    .map(([kind, monitor]): Command => ({ kind, monitor })),
  fc
    .record({ openOnly: fc.boolean(), page: fc.integer({ min: 1, max: 9999 }) })
    .map((r): Command => ({ kind: "incidents", ...r })),
  fc.stringMatching(/^\d{1,18}$/).map((incidentId): Command => ({ kind: "ack", incidentId })),
  fc.stringMatching(/^\d{1,18}$/).map((incidentId): Command => ({ kind: "incident", incidentId })),
  fc
    .tuple(
      fc.constantFrom("availability", "latency") as fc.Arbitrary<"latency">,
      target,
      fc.constantFrom("24h", "30d") as fc.Arbitrary<"24h">,
    )
    .map(([kind, target, period]): Command => ({ kind, target, period })),
  fc
    .record({
      monitors: names,
      groups: names,
      mention: opt(mention),
      storm: opt(fc.integer({ min: 1, max: 1000 })),
      flap: opt(
        fc
          .record({
            count: fc.integer({ min: 2, max: 100 }),
            windowMinutes: fc.integer({ min: 1, max: 1440 }),
          })
          .map((f) => ({ ...f })),
      ),
      digest: opt(fc.constantFrom("daily", "weekly") as fc.Arbitrary<"daily">),
      escalateMinutes: opt(fc.integer({ min: 1, max: 1440 })),
    })
    .map((r): Command => clean({ kind: "subscribe", ...r })),
  opt(fc.constantFrom("daily", "weekly") as fc.Arbitrary<"daily">).map(
    (cadence): Command => clean({ kind: "digest", cadence }),
  ),
  fc.oneof(
    fc.constant<Command>({ kind: "unsubscribe", all: true, monitors: [], groups: [] }),
    fc
      .record({ monitors: names, groups: names })
      .map((r): Command => ({ kind: "unsubscribe", all: false, ...r })),
  ),
);

/** Words of the command language, and some that only look like it. */
const word = fc.oneof(
  fc.constantFrom(...SUBCOMMANDS.flatMap((s) => [s.name, ...s.aliases])),
  fc.constantFrom(
    "--state",
    "--group",
    "--sort",
    "--page",
    "--mention",
    "--help",
    "-h",
    "—state",
    "--state=down",
    "--page=2",
    "--sort=-created,name",
    "--",
    "up",
    "DOWN",
    "name,-created",
    "0",
    "2",
    "#12",
    "abc",
    "open",
    "all",
    "24h",
    "30d",
    "7d",
    "monitor:api",
    'group:"Edge EU"',
    "group:",
    "monitor:",
    '"API gateway"',
    "“smart quotes”",
    "'single'",
    '"unterminated',
    "<!here>",
    "<!channel>",
    "<!everyone>",
    "<!subteam^S0123|@oncall>",
    "<!subteam^S0123>",
    "<https://x.io|x.io>",
    "<@U123|bob>",
    "<#C1|general>",
    "&amp;",
    "&lt;",
    "&gt;",
    "Bob's",
    "?",
    "@oncall",
    "@here",
  ),
  fc.string({ maxLength: 6 }),
);
const space = fc.constantFrom(" ", "  ", "\t", "\u00a0", "\n");
const commandish = fc
  .array(fc.tuple(word, space), { maxLength: 8 })
  .map((parts) => parts.map(([w, s]) => w + s).join(""));

/** Usergroup ids come from Slack's escaped form only; a typed command cannot carry them. */
function withoutMentionIds(c: Command): Command {
  if (c.kind === "subscribe" && c.mention?.kind === "usergroup") {
    return { ...c, mention: { kind: "usergroup", handle: c.mention.handle } };
  }
  if (c.kind === "page") {
    const targets = c.targets.map((t) => (t.kind === "usergroup" ? { kind: t.kind, handle: t.handle } : t));
    return { ...c, targets };
  }
  return c;
}

describe("parseCommand: properties", () => {
  it("is total on arbitrary text: never throws, always a command, errors are sentences", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), commandish), (text) => {
        const parsed = parseCommand(text);
        expect(typeof parsed.kind).toBe("string");
        if (parsed.kind === "help" && parsed.error !== undefined)
          expect(parsed.error.length).toBeGreaterThan(0);
        expect(() => formatCommand(parsed)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it("parses every generated command back from its formatted text (as Slack escapes it)", () => {
    fc.assert(
      fc.property(command, (generated) => {
        expect(parseCommand(slackEscape(formatCommand(generated)))).toStrictEqual(generated);
      }),
      { numRuns: 400 },
    );
  });

  it("formats what it parses into text that parses to the same command", () => {
    fc.assert(
      fc.property(commandish, (text) => {
        const parsed = parseCommand(text);
        fc.pre(parsed.kind !== "help");
        const formatted = formatCommand(parsed);
        fc.pre(!(DOUBLE.test(formatted) && SINGLE.test(formatted)));
        expect(parseCommand(slackEscape(formatted))).toStrictEqual(withoutMentionIds(parsed));
      }),
      { numRuns: 400 },
    );
  });
});
