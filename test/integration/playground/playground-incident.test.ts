import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  SCENE_MONITOR,
  SCENE_NOTE_TEXT,
  SCENE_PAGE_MESSAGE,
} from "../../../dev/playground/demo-incident-scenes";
import { DEMO_CHANNELS, DEMO_PEOPLE } from "../../../dev/playground/demo-workspace";
import type { Bootstrap, ConversationState } from "../../../dev/playground/web/api-types";
import { type RunningPlayground, startPlayground } from "../../../dev/playground/web/start-playground";
import { silentLogger } from "../../../src/lib/logger";
import { actions, shortcuts } from "../../../src/ui/ids";
import { waitFor } from "../../support/wait-for";

const OLIVIA = DEMO_PEOPLE.olivia.id;
const RITA = DEMO_PEOPLE.rita.id;
const NICK = DEMO_PEOPLE.nick.id;
const OPS = DEMO_CHANNELS.opsAlerts.id;

let playground: RunningPlayground;

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

beforeAll(async () => {
  playground = await startPlayground({
    port: 0,
    redisUrl: inject("redisUrl"),
    keyPrefix: `t:pgi:${randomBytes(4).toString("hex")}:`,
    schedule: false,
    logger: silentLogger,
    botLogLevel: "silent",
  });
}, 60_000);

afterAll(async () => {
  await playground?.stop();
});

/**
 * The playground's incident record, set up through the real commands and shortcut: a runbook button on the
 * alert, a page (Rita's DM, the thread line), a note from "Add to incident timeline", the postmortem canvas
 * drawn as a document, and #ops-alerts' live board updated in place.
 */
describe("the playground's incident record and board", () => {
  it("shows an incident's record: its runbook button, a page's DM and thread line, a note from the shortcut, the postmortem canvas", async () => {
    const { incidentId, root: rootTs, canvas } = playground.setup.incident;
    const ops = await getJson<ConversationState>(`/api/conversation?channel=${OPS}&user=${OLIVIA}`);
    const root = ops.messages.find((m) => m.ts === rootTs);
    const drawn = JSON.stringify(root?.attachments);
    expect(root?.text).toContain(`${SCENE_MONITOR.name} recovered`);
    // The runbook link added through /uptime runbook, as a link button on the alert while it was open.
    const posted = playground.slack.state.calls.find(
      (c) => c.method === "chat.postMessage" && c.result.ts === rootTs,
    );
    expect(JSON.stringify(posted?.args)).toContain("https://runbooks.example.com/auth-service");
    expect(JSON.stringify(posted?.args)).toContain("Auth runbook");
    // The note put on the timeline with "Add to incident timeline", counted on the root.
    expect(drawn).toContain("1 note on the timeline");
    // The page: the thread says who paged whom; Rita's DM with the app has the incident and the message.
    const thread = await getJson<{ replies: { text: string }[] }>(
      `/api/thread?channel=${OPS}&ts=${rootTs}&user=${RITA}`,
    );
    expect(thread.replies.map((r) => r.text).join("\n")).toContain("<@U0RITA>");
    expect(thread.replies.map((r) => r.text)).toContain(SCENE_NOTE_TEXT);
    const boot = await getJson<{ dms: Record<string, string>; canvases: { id: string; title: string }[] }>(
      "/api/bootstrap",
    );
    const ritaDm = await getJson<ConversationState>(
      `/api/conversation?channel=${boot.dms[RITA]}&user=${RITA}`,
    );
    const paged = ritaDm.messages.find((m) => JSON.stringify(m).includes(SCENE_PAGE_MESSAGE));
    expect(paged?.user).toBe(playground.slack.config.botUserId);
    expect(JSON.stringify(paged)).toContain(actions.pageAcknowledge);
    expect(paged?.text).toContain("<@U0OLIVIA> paged you: Auth service is down");
    // /uptime incident lists the note.
    expect(
      (await post("/api/command", { user: OLIVIA, channel: OPS, text: `/uptime incident ${incidentId}` }))
        .body.ok,
    ).toBe(true);
    await waitFor(playground.slack.events, () =>
      playground.slack.state.ephemeralFor(OLIVIA, OPS).find((e) => JSON.stringify(e).includes("Notes (1)")),
    );
    // The postmortem canvas: listed by the page and drawn as a document, the note in its timeline.
    expect(boot.canvases).toEqual([
      { id: canvas, title: expect.stringContaining(`Postmortem: incident #${incidentId}`) },
    ]);
    const doc = await fetch(`${playground.url}/canvas?id=${canvas}`);
    expect(doc.headers.get("content-type")).toContain("text/html");
    const html = await doc.text();
    expect(html).toContain('data-testid="canvas-document"');
    expect(html).toMatch(/<h1>Postmortem: incident #\S+ \(Auth service\)<\/h1>/);
    expect(html).toContain("<h2>Timeline</h2>");
    expect(html).toContain('<span class="canvas-mention">@olivia</span>');
    expect(html).toContain(SCENE_NOTE_TEXT);
    expect(html).not.toContain("<script");
    expect((await fetch(`${playground.url}/canvas?id=F0NOPE`)).status).toBe(400);
  });

  it("keeps one live board in #ops-alerts, updated in place with chat.update as monitors break and recover", async () => {
    const boardTs = playground.setup.incident.board;
    const boards = () =>
      playground.slack.state.channelMessages(OPS).filter((m) => m.metadata?.event_type === "uptime_board");
    expect(boards().map((m) => m.ts)).toEqual([boardTs]);
    // The scene's outage and recovery already redrew it.
    const updates = () =>
      playground.slack.state.calls.filter(
        (c) => c.method === "chat.update" && (c.args as { ts?: string }).ts === boardTs,
      ).length;
    expect(updates()).toBeGreaterThan(0);
    const before = updates();
    // Demo seed 3 "Blog": a monitor no other scene breaks.
    expect((await post("/api/break", { monitorId: 3 })).body.ok).toBe(true);
    await waitFor(
      playground.slack.events,
      () =>
        JSON.stringify(playground.slack.state.findMessage(OPS, boardTs)).includes("Blog") ? true : undefined,
      20_000,
    );
    expect(updates()).toBeGreaterThan(before);
    expect((await post("/api/recover", { monitorId: 3 })).body.ok).toBe(true);
    await waitFor(
      playground.slack.events,
      () =>
        JSON.stringify(playground.slack.state.findMessage(OPS, boardTs)).includes("Blog") ? undefined : true,
      20_000,
    );
    expect(boards()).toHaveLength(1);
    const shown = (
      await getJson<ConversationState>(`/api/conversation?channel=${OPS}&user=${NICK}`)
    ).messages.find((m) => m.ts === boardTs);
    expect(shown?.edited).toBeDefined();
  }, 50_000);

  it("offers the manifest's message shortcut on thread messages: the page's click adds a note", async () => {
    const { incidentId, root } = playground.setup.incident;
    const boot = await getJson<Bootstrap>("/api/bootstrap");
    expect(boot.messageShortcuts).toEqual([
      { callbackId: shortcuts.addToTimeline, name: "Add to incident timeline" },
    ]);
    expect(
      (await post("/api/message", { user: RITA, channel: OPS, text: "the cert was renewed", threadTs: root }))
        .body.ok,
    ).toBe(true);
    const reply = await waitFor(playground.slack.events, () =>
      playground.slack.state.replies(OPS, root).find((m) => m.text === "the cert was renewed"),
    );
    const before = playground.slack.state.ephemeralFor(OLIVIA, OPS).length;
    const picked = await post("/api/shortcut", {
      user: OLIVIA,
      channel: OPS,
      ts: reply.ts,
      callbackId: shortcuts.addToTimeline,
    });
    expect(picked.body).toEqual({ ok: true });
    const answer = await waitFor(
      playground.slack.events,
      () => playground.slack.state.ephemeralFor(OLIVIA, OPS)[before],
    );
    expect(answer.text).toContain(`Added to the timeline of incident #${incidentId}`);
    await waitFor(playground.slack.events, () =>
      JSON.stringify(playground.slack.state.findMessage(OPS, root)?.attachments).includes(
        "2 notes on the timeline",
      )
        ? true
        : undefined,
    );
    // A shortcut the manifest does not declare is refused, as Slack's menu would not offer it.
    const refused = await post("/api/shortcut", {
      user: OLIVIA,
      channel: OPS,
      ts: reply.ts,
      callbackId: "nope",
    });
    expect(refused.status).toBe(400);
  });
});
