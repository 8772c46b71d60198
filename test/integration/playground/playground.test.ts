import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_CHANNELS, DEMO_PEOPLE, SCHEDULED_MONITOR } from "../../../dev/playground/demo-workspace";
import type { ConversationState, ViewsState } from "../../../dev/playground/web/api-types";
import { findElement, messageBlockGroups } from "../../../dev/playground/web/render/block-lookup";
import { type RunningPlayground, startPlayground } from "../../../dev/playground/web/start-playground";
import { silentLogger } from "../../../src/lib/logger";
import { actions, blocks } from "../../../src/ui/ids";
import { eventually, waitFor } from "../../support/wait-for";

const OLIVIA = DEMO_PEOPLE.olivia.id;
const RITA = DEMO_PEOPLE.rita.id;
const NICK = DEMO_PEOPLE.nick.id;
const OPS = DEMO_CHANNELS.opsAlerts.id;
const GENERAL = DEMO_CHANNELS.general.id;

let playground: RunningPlayground;
const keyPrefix = `t:pg:${randomBytes(4).toString("hex")}:`;

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(playground.url + path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(playground.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The page's event stream: resolves `next` with the first change event that matches. */
function openEvents() {
  const controller = new AbortController();
  const events: Record<string, unknown>[] = [];
  const waiters: {
    match: (e: Record<string, unknown>) => boolean;
    resolve: (e: Record<string, unknown>) => void;
  }[] = [];
  const opened = fetch(`${playground.url}/api/events`, { signal: controller.signal }).then(
    async (response) => {
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (frame.startsWith("event: change") && data) {
              const event = JSON.parse(data) as Record<string, unknown>;
              events.push(event);
              for (const w of waiters.splice(0)) {
                if (w.match(event)) w.resolve(event);
                else waiters.push(w);
              }
            }
            end = buffer.indexOf("\n\n");
          }
        }
      })();
    },
  );
  return {
    opened,
    next(match: (e: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        setTimeout(() => reject(new Error("no matching change event within 10 s")), 10_000).unref();
      });
    },
    close: () => controller.abort(),
  };
}

beforeAll(async () => {
  playground = await startPlayground({
    port: 0,
    redisUrl: inject("redisUrl"),
    keyPrefix,
    schedule: false,
    logger: silentLogger,
    botLogLevel: "silent",
  });
}, 60_000);

afterAll(async () => {
  await playground?.stop();
});

describe("the playground server", () => {
  it("serves the page, its stylesheet and the bundled script", async () => {
    const page = await fetch(playground.url);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/app.js"></script>');
    for (const testid of [
      "composer-input",
      "user-switcher",
      "channel-list",
      "break-monitor",
      "recover-monitor",
    ]) {
      expect(html).toContain(`data-testid="${testid}"`);
    }
    const js = await fetch(`${playground.url}/app.js`);
    expect(js.headers.get("content-type")).toContain("text/javascript");
    const bundle = await js.text();
    // The pure renderers and the page code are in it; nothing is imported at run time.
    expect(bundle).toContain("data-bk-element");
    expect(bundle).toContain("/api/events");
    expect(bundle).not.toMatch(/^\s*import\s/m);
    expect((await fetch(`${playground.url}/app.css`)).status).toBe(200);
  });

  it("sets the demo workspace up through the real flows", async () => {
    expect(playground.setup.linked).toEqual([OLIVIA, RITA]);
    const boot = await getJson<{
      users: { id: string; role: string }[];
      channels: { name: string }[];
      dms: Record<string, string>;
      appDmComposer: boolean;
    }>("/api/bootstrap");
    expect(boot.users.map((u) => u.id)).toEqual([OLIVIA, RITA, NICK]);
    expect(boot.channels.map((c) => c.name)).toEqual(["ops-alerts", "general"]);
    expect(Object.keys(boot.dms).sort()).toEqual([NICK, OLIVIA, RITA].sort());
    // manifest.yml makes the Messages tab read-only: the page's app DM has no composer, as in Slack.
    expect(boot.appDmComposer).toBe(false);
    // The announcement of the real /uptime subscribe is in #ops-alerts.
    const ops = await getJson<ConversationState>(`/api/conversation?channel=${OPS}&user=${NICK}`);
    expect(ops.messages[0]?.text).toContain("alerts");
    expect(ops.messages[0]?.ephemeral).toBe(false);
    // Issue 37: a quiet window planned through the real command, its start note in the channel.
    expect(playground.setup.maintenance).toMatch(/^[a-z0-9]{4}$/);
    const note = await waitFor(playground.slack.events, () =>
      playground.slack.state
        .channelMessages(OPS)
        .find((m) => m.text.includes(`Maintenance \`${playground.setup.maintenance}\` started`)),
    );
    expect(note.text).toContain("*Bastion SSH*");
    expect(note.text).toContain("bastion host replacement");
    // `/uptime test` through the real command: a test alert in #ops-alerts from the start, and the
    // subscription reminds every 2 minutes while an outage stays open.
    expect(playground.setup.testAlert).toMatch(/^🧪 TEST · 🔴 .+ is down/);
    const subs = await post("/api/command", { user: OLIVIA, channel: OPS, text: "/uptime subscriptions" });
    expect(subs.body.ok).toBe(true);
    const listed = await waitFor(playground.slack.events, () =>
      playground.slack.state
        .ephemeralFor(OLIVIA, OPS)
        .find((m) => JSON.stringify(m).includes("reminded every 2m while open")),
    );
    expect(listed).toBeDefined();
  });

  it("shows a handover: Rita's override of #ops-alerts' rota, its note and @oncall following her", async () => {
    const handover = await waitFor(playground.slack.events, () =>
      playground.slack.state
        .channelMessages(OPS)
        .find((m) => m.metadata?.event_type === "uptime_rota_handover"),
    );
    expect(handover.text).toMatch(/^🔁 On call now: <@U0RITA> \(override\) until .* · next: <@U0OLIVIA>/);
    expect(playground.slack.state.usergroups.find((g) => g.id === "S0ONCALL")?.users).toEqual(["U0RITA"]);
  });

  it("shows an unfurl: Olivia's pasted monitor link in #general has the bot's card under it", async () => {
    const general = await getJson<ConversationState>(`/api/conversation?channel=${GENERAL}&user=${NICK}`);
    const pasted = general.messages.find((m) => m.user === OLIVIA && m.text.includes("/monitors/"));
    expect(pasted?.ephemeral).toBe(false);
    const card = JSON.stringify(pasted?.attachments);
    expect(card).toContain(SCHEDULED_MONITOR.name);
    expect(card).toContain("Availability, 24 h");
  });

  it("streams a change after a slash command sent through the page's endpoint; the answer is Olivia's alone", async () => {
    // Olivia and Rita linked in #general (the app's DMs have no composer): their login answers are there.
    const ephemeralsIn = async (user: string) =>
      (await getJson<ConversationState>(`/api/conversation?channel=${GENERAL}&user=${user}`)).messages.filter(
        (m) => m.ephemeral,
      );
    const oliviaBefore = (await ephemeralsIn(OLIVIA)).length;
    const ritaBefore = await ephemeralsIn(RITA);
    const events = openEvents();
    try {
      await events.opened;
      const sent = await post("/api/command", { user: OLIVIA, channel: GENERAL, text: "/uptime status" });
      expect(sent).toEqual({ status: 200, body: { ok: true } });
      const change = await events.next(
        (e) => e.kind === "ephemeral" && e.channel === GENERAL && e.user === OLIVIA,
      );
      expect(change).toEqual({ kind: "ephemeral", channel: GENERAL, user: OLIVIA });
    } finally {
      events.close();
    }
    const [answer, ...more] = (await ephemeralsIn(OLIVIA)).slice(oliviaBefore);
    expect(more).toEqual([]);
    expect(answer?.text).toContain("Acme Production");
    expect(answer?.user).toBe(playground.slack.config.botUserId);
    expect(await ephemeralsIn(RITA)).toEqual(ritaBefore);
  });

  it("runs the login modal for the newcomer: a bad token comes back as an inline error", async () => {
    expect(
      (await post("/api/command", { user: NICK, channel: GENERAL, text: "/uptime login" })).body.ok,
    ).toBe(true);
    await waitFor(
      playground.slack.events,
      () => playground.slack.state.topModal(NICK)?.callback_id === "login",
    );
    const views = await getJson<ViewsState>(`/api/views?user=${NICK}`);
    const modal = views.modals[0]!;
    const input = modal.blocks.find((b) => (b as { type: string }).type === "input") as {
      block_id: string;
      element: { action_id: string };
    };
    const submitted = await post("/api/submit", {
      user: NICK,
      viewId: modal.id,
      values: {
        [input.block_id]: { [input.element.action_id]: { type: "plain_text_input", value: "wrong-token" } },
      },
    });
    expect(submitted.body).toMatchObject({ ok: true, outcome: "errors" });
    const after = await getJson<ViewsState>(`/api/views?user=${NICK}`);
    expect(after.modals[0]?.errors[input.block_id]).toEqual(expect.any(String));
    expect((await post("/api/close", { user: NICK, viewId: modal.id })).body.ok).toBe(true);
    expect((await getJson<ViewsState>(`/api/views?user=${NICK}`)).modals).toEqual([]);
  });

  it("breaks a monitor: the alert reaches #ops-alerts and Acknowledge updates it in place", async () => {
    const monitors = await getJson<{ monitors: { id: number; name: string }[] }>("/api/monitors");
    expect(monitors.monitors.map((m) => m.name)).toContain(SCHEDULED_MONITOR.name);
    expect((await post("/api/break", { monitorId: SCHEDULED_MONITOR.id })).body.ok).toBe(true);
    const alert = await waitFor(
      playground.slack.events,
      () =>
        playground.slack.state
          .channelMessages(OPS)
          .find((m) => m.text.includes(`${SCHEDULED_MONITOR.name} is down`)),
      20_000,
    );
    // Issue 38: "Open incident channel" makes #inc-<date>-payments-api, listed in the page's sidebar with the
    // incident's summary in it.
    const opened = await post("/api/action", {
      user: OLIVIA,
      container: { type: "message", channel: OPS, ts: alert.ts },
      action: {
        type: "button",
        action_id: actions.openIncidentChannel,
        block_id: blocks.alertActions,
        value: findElement(messageBlockGroups(alert), blocks.alertActions, actions.openIncidentChannel)
          ?.element.value,
      },
    });
    expect(opened.body.ok).toBe(true);
    const incidentChannel = await eventually(
      async () =>
        (await getJson<{ channels: { id: string; name: string }[] }>("/api/bootstrap")).channels.find((c) =>
          /^inc-\d{8}-payments-api/.test(c.name),
        ),
      20_000,
    );
    const summary = await eventually(
      async () =>
        (
          await getJson<ConversationState>(`/api/conversation?channel=${incidentChannel.id}&user=${OLIVIA}`)
        ).messages.find((m) => m.text.includes(SCHEDULED_MONITOR.name)),
      20_000,
    );
    expect(summary.text).toContain(SCHEDULED_MONITOR.name);
    // The runbook link added during setup, as a link button on the open alert.
    expect(JSON.stringify(alert.attachments)).toContain('"url":"https://runbooks.example.com/payments-api"');
    const acked = await post("/api/action", {
      user: OLIVIA,
      container: { type: "message", channel: OPS, ts: alert.ts },
      action: {
        type: "button",
        action_id: actions.acknowledge,
        block_id: blocks.alertActions,
        // What the page sends: the element's value, found again from the ids it rendered.
        value: findElement(messageBlockGroups(alert), blocks.alertActions, actions.acknowledge)?.element
          .value,
      },
    });
    expect(acked.body.ok).toBe(true);
    await waitFor(
      playground.slack.events,
      () => playground.slack.state.findMessage(OPS, alert.ts)?.text.includes("acknowledged"),
      10_000,
    );
    const ops = await getJson<ConversationState>(`/api/conversation?channel=${OPS}&user=${OLIVIA}`);
    const shown = ops.messages.find((m) => m.ts === alert.ts);
    expect(shown?.edited).toBeDefined();
    expect(shown?.text).toContain("acknowledged by <@U0OLIVIA>");
    expect((await post("/api/recover", { monitorId: SCHEDULED_MONITOR.id })).body.ok).toBe(true);
  }, 40_000);

  it("breaks 4 monitors at once: #ops-alerts rolls them up with Acknowledge all; Recover all ends it", async () => {
    const storm = await post("/api/storm", {});
    expect(storm.body.ok).toBe(true);
    const broken = storm.body.broken as string[];
    expect(broken).toHaveLength(4);
    const rollup = await waitFor(
      playground.slack.events,
      () =>
        playground.slack.state
          .channelMessages(OPS)
          .find(
            (m) =>
              m.metadata?.event_type === "uptime_alert_rollup" &&
              JSON.stringify(m.attachments).includes(actions.rollupAcknowledgeAll),
          ),
      20_000,
    );
    expect(rollup.text).toMatch(/monitors down/);
    const recovered = await post("/api/recover-all", {});
    expect(recovered.body.recovered).toEqual(expect.arrayContaining(broken));
    await waitFor(
      playground.slack.events,
      () => playground.slack.state.findMessage(OPS, rollup.ts)?.text.startsWith("✅"),
      20_000,
    );
  }, 60_000);

  it("makes a monitor slow: #ops-alerts gets one amber slow alert, green again after Recover", async () => {
    // Demo seed 5 "Public API": checked every 30 s of scenario time, a few seconds here.
    const PUBLIC_API = 5;
    expect((await post("/api/slow", { monitorId: PUBLIC_API })).body.ok).toBe(true);
    const slowAlert = () =>
      playground.slack.state.channelMessages(OPS).find((m) => m.metadata?.event_type === "uptime_alert_slow");
    const amber = await waitFor(
      playground.slack.events,
      () => (slowAlert()?.text.includes("Public API is slow") ? slowAlert() : undefined),
      30_000,
    );
    expect(JSON.stringify(amber.attachments)).toMatch(/2\.\d\d s \(\w+\)/);
    expect((await post("/api/recover", { monitorId: PUBLIC_API })).body.ok).toBe(true);
    await waitFor(
      playground.slack.events,
      () => playground.slack.state.findMessage(OPS, amber.ts)?.text.includes("Public API is fast again"),
      30_000,
    );
    expect(
      playground.slack.state
        .channelMessages(OPS)
        .filter((m) => m.metadata?.event_type === "uptime_alert_slow"),
    ).toHaveLength(1);
    expect((await post("/api/slow", { monitorId: 9999 })).status).toBe(400);
  }, 70_000);

  it("refuses bad requests with a clear message", async () => {
    expect(await post("/api/command", { user: "U0NOBODY", channel: GENERAL, text: "/uptime help" })).toEqual({
      status: 400,
      body: { ok: false, error: "unknown user U0NOBODY" },
    });
    expect((await post("/api/command", { user: OLIVIA, channel: GENERAL, text: "/weather" })).body).toEqual({
      ok: false,
      error: "/weather is not a valid command. Try /uptime help.",
    });
    expect((await post("/api/break", { monitorId: 9999 })).status).toBe(400);
    expect((await fetch(`${playground.url}/api/conversation?channel=${GENERAL}`)).status).toBe(400);
  });
});

describe("stopping", () => {
  it("leaves nothing running and no keys behind", async () => {
    const urls = [
      playground.url,
      playground.slack.url,
      playground.simulator.url,
      `http://127.0.0.1:${playground.bot.port}`,
    ];
    await playground.stop();
    for (const url of urls) await expect(fetch(url)).rejects.toThrow();
    const redis = new Redis(inject("redisUrl"));
    try {
      expect(await redis.keys(`${keyPrefix}*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
