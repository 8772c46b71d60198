// Monitor management end to end: the create-monitor modal (/uptime create, the global shortcut), its
// kind switch, group picker, client-side and API validation, and /uptime pause|resume with the buttons,
// through the real bot, the fake Slack, the simulator and Redis.
import { WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlackView, ViewStateValues } from "../../dev/playground/fake-slack";
import { DEMO_TOKENS } from "../../dev/simulator";
import { silentLogger } from "../../src/lib/logger";
import { monitorActionCodec } from "../../src/ui/codecs";
import { actions, blocks, shortcuts, views } from "../../src/ui/ids";
import { type Monitor, UptimeClient } from "../../src/uptime";
import { BOT_TOKEN, linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

const A = actions.createMonitor;
const B = blocks.createMonitor;
const OWNER = "U0ALICE";
const READ_ONLY = "U0BOB";
const UNLINKED = "U0CAROL";
const CHANNEL = "C0GENERAL";

/** view.state.values for the modal's inputs (what the user typed). */
function values(fields: Record<string, string>, kind: "url" | "tcp" = "url"): ViewStateValues {
  const out: ViewStateValues = {
    [B.kind]: { [A.kind]: { type: "radio_buttons", selected_option: { value: kind } } },
    [B.interval]: {
      [A.interval]: { type: "static_select", selected_option: { value: fields.interval ?? "60" } },
    },
  };
  for (const key of ["name", "url", "keyword", "host", "port", "timeout", "newGroup"] as const) {
    if (fields[key] !== undefined)
      out[B[key]] = { [A[key]]: { type: "plain_text_input", value: fields[key] } };
  }
  if (fields.group) {
    out[B.group] = { [A.group]: { type: "external_select", selected_option: { value: fields.group } } };
  }
  return out;
}

const blockIds = (view: SlackView) => view.blocks.map((b) => (b as { block_id?: string }).block_id);

describe("monitor management over signed HTTP", () => {
  let stack: Stack;
  let uptime: UptimeClient;

  async function monitorNamed(name: string): Promise<Monitor | undefined> {
    const page = await uptime.as(DEMO_TOKENS.owner).teams.monitors("1", { filter: { name } });
    return page.items.find((m) => m.name === name);
  }

  /** Runs `/uptime create` (no ephemeral answer: a modal) and resolves with the modal it opened. */
  async function openModal(userId = OWNER): Promise<SlackView> {
    const before = stack.slack.state.topModal(userId)?.id;
    const result = await stack.slack.sender.slashCommand({ userId, channelId: CHANNEL, text: "create" });
    expect(result.status).toBe(200);
    return waitFor(stack.slack.events, () => {
      const top = stack.slack.state.topModal(userId);
      return top && top.id !== before ? top : undefined;
    });
  }

  beforeAll(async () => {
    stack = await startStack();
    uptime = new UptimeClient({ baseUrl: stack.simulator.url, logger: silentLogger });
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
    await linkUser(stack, READ_ONLY, DEMO_TOKENS.readonly);
  });
  afterAll(async () => {
    await uptime?.close();
    await stack?.close();
  });

  describe("/uptime create", () => {
    it("an unlinked user gets the Link prompt instead of the modal", async () => {
      const reply = await stack.command(UNLINKED, "create");
      expect(textOf(reply)).toMatch(/haven't linked/);
      expect(JSON.stringify(reply.blocks)).toContain(actions.linkAccount);
      expect(stack.slack.state.topModal(UNLINKED)).toBeUndefined();
    });

    it("opens the modal, switches kind, validates, shows the API's 422 and creates", async () => {
      const modal = await openModal();
      expect(modal.callback_id).toBe(views.createMonitor);
      expect(blockIds(modal)).toContain(B.url);
      expect(modal.private_metadata).not.toContain("token");

      // Client-side: a URL without http(s) never reaches the API.
      const bad = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: modal.id,
        values: values({ name: "E2E site", url: "ftp://files.example.com" }),
      });
      expect(bad.outcome).toBe("errors");
      expect(Object.keys(bad.errors ?? {})).toEqual([B.url]);

      // The kind radio redraws the modal with host + port + timeout.
      await stack.slack.sender.blockAction({
        userId: OWNER,
        container: { type: "view", viewId: modal.id },
        actions: [{ action_id: A.kind, type: "radio_buttons", selected_option: { value: "tcp" } }],
      });
      const tcp = await waitFor(stack.slack.events, () => {
        const top = stack.slack.state.topModal(OWNER);
        return top && blockIds(top).includes(B.host) ? top : undefined;
      });
      expect(tcp.id).toBe(modal.id);
      expect(blockIds(tcp)).not.toContain(B.url);

      // The simulator refuses a host with spaces (A8): its 422 pointer lands on the host input.
      const refused = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: tcp.id,
        values: values({ name: "E2E database", host: "not a host!", port: "5432" }, "tcp"),
      });
      expect(refused.outcome).toBe("errors");
      expect(refused.errors).toEqual({ [B.host]: expect.stringMatching(/host/) });
      expect(await monitorNamed("E2E database")).toBeUndefined();

      const ephemeralBefore = stack.slack.state.ephemeralFor(OWNER, CHANNEL).length;
      const created = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: tcp.id,
        values: values(
          {
            name: "E2E database",
            host: "db.example.com",
            port: "5432",
            interval: "300",
            group: "Infrastructure",
          },
          "tcp",
        ),
      });
      expect(created.outcome).toBe("closed");
      const monitor = await monitorNamed("E2E database");
      expect(monitor).toMatchObject({
        kind: "tcp_port",
        settings: { host: "db.example.com", port: 5432 },
        interval: 300,
        group: "Infrastructure",
        state: "pending",
      });
      const confirmation = await stack.nextEphemeral(OWNER, CHANNEL, ephemeralBefore);
      const text = textOf(confirmation);
      expect(text).toContain("E2E database");
      expect(text).toContain("db.example.com:5432");
      expect(text).toContain("every 5m");
      expect(text).toContain("pending");
    });

    it("refuses an interval outside A8 next to the interval input", async () => {
      const modal = await openModal();
      // 45 s is not an A8 interval: refused client-side before any API call.
      const result = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: modal.id,
        values: values({ name: "E2E odd", url: "https://odd.example.com", interval: "45" }),
      });
      expect(result.errors).toEqual({ [B.interval]: expect.any(String) });
      expect(await monitorNamed("E2E odd")).toBeUndefined();
    });

    it("a read-only member sees the role sentence on the name input and nothing is created", async () => {
      const modal = await openModal(READ_ONLY);
      const result = await stack.slack.sender.viewSubmission({
        userId: READ_ONLY,
        viewId: modal.id,
        values: values({ name: "E2E readonly", url: "https://ro.example.com" }),
      });
      expect(result.outcome).toBe("errors");
      expect(result.errors?.[B.name]).toMatch(/read-only members can't change monitors/);
      expect(await monitorNamed("E2E readonly")).toBeUndefined();
    });

    it("the group picker offers the team's groups, filtered by what is typed", async () => {
      const modal = await openModal();
      const all = await stack.slack.sender.blockSuggestion({
        userId: OWNER,
        viewId: modal.id,
        actionId: A.group,
        blockId: B.group,
        value: "",
      });
      expect((all.options as { value: string }[]).map((o) => o.value)).toEqual([
        "API",
        "Infrastructure",
        "Website",
      ]);
      const some = await stack.slack.sender.blockSuggestion({
        userId: OWNER,
        viewId: modal.id,
        actionId: A.group,
        blockId: B.group,
        value: "web",
      });
      expect((some.options as { value: string }[]).map((o) => o.value)).toEqual(["Website"]);
    });
  });

  describe("/uptime edit", () => {
    /** Runs `/uptime edit <text>` and resolves with the modal once it left "Reading the monitor…". */
    async function openEdit(userId: string, text: string): Promise<SlackView> {
      const before = stack.slack.state.topModal(userId)?.id;
      const result = await stack.slack.sender.slashCommand({
        userId,
        channelId: CHANNEL,
        text: `edit ${text}`,
      });
      expect(result.status).toBe(200);
      return waitFor(stack.slack.events, () => {
        const top = stack.slack.state.topModal(userId);
        return top && top.id !== before && !JSON.stringify(top.blocks).includes("Reading the monitor")
          ? top
          : undefined;
      });
    }

    const inputOf = (view: SlackView, block: string) =>
      (
        view.blocks.find((b) => (b as { block_id?: string }).block_id === block) as {
          element: { initial_value?: string; initial_option?: { value: string } };
        }
      ).element;

    it("opens the create form filled with the monitor, shows a 422 next to its input, and saves with PATCH", async () => {
      const original = await uptime.as(DEMO_TOKENS.owner).monitors.create("1", {
        kind: "http",
        name: "E2E edit me",
        url: "https://edit.example.com/health",
        keywordBody: "OK",
        interval: 120,
        group: "Website",
      });
      const modal = await openEdit(OWNER, '"E2E edit me"');
      expect(modal.title?.text).toBe("Edit monitor");
      expect(inputOf(modal, B.name).initial_value).toBe("E2E edit me");
      expect(inputOf(modal, B.url).initial_value).toBe("https://edit.example.com/health");
      expect(inputOf(modal, B.keyword).initial_value).toBe("OK");
      expect(inputOf(modal, B.interval).initial_option?.value).toBe("120");
      expect(inputOf(modal, B.group).initial_option?.value).toBe("Website");
      expect(blockIds(modal)).not.toContain(B.host);

      // The simulator refuses a URL with spaces (A8): the 422 lands on the URL input, nothing changes.
      const refused = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: modal.id,
        values: values({ name: "E2E edited", url: "https://exa mple.com/", interval: "120" }),
      });
      expect(refused.outcome).toBe("errors");
      expect(Object.keys(refused.errors ?? {})).toEqual([B.url]);
      expect((await uptime.as(DEMO_TOKENS.owner).monitors.get(original.id)).name).toBe("E2E edit me");

      const ephemeralBefore = stack.slack.state.ephemeralFor(OWNER, CHANNEL).length;
      const saved = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: modal.id,
        values: values({
          name: "E2E edited",
          url: "https://edit.example.com/v2",
          interval: "300",
          group: "API",
        }),
      });
      expect(saved.outcome).toBe("closed");
      const after = await uptime.as(DEMO_TOKENS.owner).monitors.get(original.id);
      expect(after).toMatchObject({ id: original.id, name: "E2E edited", interval: 300, group: "API" });
      expect(after.settings.url).toBe("https://edit.example.com/v2");
      // The keyword left empty is cleared.
      expect(after.settings.keywordBody).toBeUndefined();
      expect(textOf(await stack.nextEphemeral(OWNER, CHANNEL, ephemeralBefore))).toMatch(
        /Saved \*E2E edited\*/,
      );
    });

    it("a read-only member sees the role sentence on the name input and nothing changes", async () => {
      const modal = await openEdit(READ_ONLY, "Blog");
      const result = await stack.slack.sender.viewSubmission({
        userId: READ_ONLY,
        viewId: modal.id,
        values: values({ name: "Blog by Bob", url: "https://blog.example.com/", interval: "300" }),
      });
      expect(result.outcome).toBe("errors");
      expect(result.errors?.[B.name]).toMatch(/read-only members can't change monitors/);
      expect(await monitorNamed("Blog by Bob")).toBeUndefined();
    });

    it("a monitor that does not exist gets the reason in the modal, with suggestions", async () => {
      const modal = await openEdit(OWNER, "Blgo");
      expect(modal.callback_id).not.toBe(views.createMonitor);
      expect(JSON.stringify(modal.blocks)).toMatch(/Blog/);
    });
  });

  describe("the Create monitor shortcut", () => {
    it("opens the same modal", async () => {
      const before = stack.slack.state.topModal(OWNER)?.id;
      await stack.slack.sender.shortcut({ userId: OWNER, callbackId: shortcuts.createMonitor });
      const modal = await waitFor(stack.slack.events, () => {
        const top = stack.slack.state.topModal(OWNER);
        return top && top.id !== before ? top : undefined;
      });
      expect(modal.callback_id).toBe(views.createMonitor);
      expect(blockIds(modal)).toContain(B.name);
    });

    it("asks an unlinked user to link first, in a modal with the Link button", async () => {
      await stack.slack.sender.shortcut({ userId: UNLINKED, callbackId: shortcuts.createMonitor });
      const modal = await waitFor(stack.slack.events, () => stack.slack.state.topModal(UNLINKED));
      expect(modal.submit ?? null).toBeNull();
      expect(JSON.stringify(modal.blocks)).toContain(actions.linkAccount);
    });
  });

  describe("the App Home button", () => {
    it("opens the modal; the confirmation of a create from Home arrives in the DM", async () => {
      const slackApi = new WebClient(BOT_TOKEN, { slackApiUrl: stack.slack.apiUrl });
      const button = {
        type: "button",
        action_id: actions.openCreateMonitor,
        text: { type: "plain_text", text: "Create monitor" },
      };
      await slackApi.views.publish({
        user_id: OWNER,
        view: { type: "home", blocks: [{ type: "actions", elements: [button] }] } as never,
      });
      const home = stack.slack.state.snapshot().homes[OWNER] as SlackView;
      const before = stack.slack.state.topModal(OWNER)?.id;
      await stack.slack.sender.blockAction({
        userId: OWNER,
        container: { type: "view", viewId: home.id },
        actions: [{ action_id: actions.openCreateMonitor }],
      });
      const modal = await waitFor(stack.slack.events, () => {
        const top = stack.slack.state.topModal(OWNER);
        return top && top.id !== before ? top : undefined;
      });
      expect(modal.callback_id).toBe(views.createMonitor);
      const result = await stack.slack.sender.viewSubmission({
        userId: OWNER,
        viewId: modal.id,
        values: values({
          name: "E2E from home",
          url: "https://home.example.com",
          keyword: "Welcome home",
          newGroup: "E2E group",
        }),
      });
      expect(result.outcome).toBe("closed");
      // A8 keywordBody, as the API stored it.
      expect(await monitorNamed("E2E from home")).toMatchObject({
        group: "E2E group",
        settings: { keywordBody: "Welcome home" },
      });
      const dm = await waitFor(stack.slack.events, () =>
        stack.slack.state
          .callsOf("chat.postMessage")
          .find((call) => call.args.channel === OWNER && JSON.stringify(call.args).includes("E2E from home")),
      );
      expect(dm.status).toBe(200);
    });
  });

  describe("/uptime pause and resume", () => {
    const paused = async (name: string) => (await monitorNamed(name))?.paused;

    it("pauses by name as owner, says so again kindly, and the Resume button turns it back on", async () => {
      const reply = await stack.command(OWNER, "pause blog");
      expect(textOf(reply)).toContain("Paused *Blog*. `/uptime resume Blog` turns it back on.");
      expect(await paused("Blog")).toBe(true);

      const again = await stack.command(OWNER, "pause Blog");
      expect(textOf(again)).toContain("already paused");

      const before = stack.slack.state.ephemeralFor(OWNER, CHANNEL).length;
      await stack.slack.sender.blockAction({
        userId: OWNER,
        container: { type: "ephemeral", channel: CHANNEL, ts: again.ts },
        actions: [{ action_id: actions.resumeMonitor }],
      });
      const resumed = await waitFor(stack.slack.events, () => {
        const message = stack.slack.state.findEphemeral(CHANNEL, again.ts);
        return message && textOf(message).includes("Resumed") ? message : undefined;
      });
      expect(textOf(resumed)).toContain("Resumed *Blog*");
      // Replaced in place, not a new message.
      expect(stack.slack.state.ephemeralFor(OWNER, CHANNEL).length).toBe(before);
      expect(await paused("Blog")).toBe(false);
    });

    it("resume of an active monitor is not an error", async () => {
      const reply = await stack.command(OWNER, "resume Docs");
      expect(textOf(reply)).toContain("*Docs* is already active");
    });

    it("a read-only member gets the role sentence and the monitor stays active", async () => {
      const reply = await stack.command(READ_ONLY, "pause Docs");
      expect(textOf(reply)).toMatch(/read-only members can't change monitors/);
      expect(await paused("Docs")).toBe(false);
    });

    it("an unknown name suggests the closest ones", async () => {
      const reply = await stack.command(OWNER, "pause Paymnts API");
      expect(textOf(reply)).toMatch(/No monitor matches "Paymnts API"\. Did you mean \*Payments API\*/);
    });

    it("an unlinked user gets the Link prompt", async () => {
      const reply = await stack.command(UNLINKED, "resume Docs");
      expect(JSON.stringify(reply.blocks)).toContain(actions.linkAccount);
    });

    it("a Pause clicked before linking is done once the user links in the modal", async () => {
      const docs = await monitorNamed("Docs");
      expect(docs?.paused).toBe(false);
      // A channel message of the bot with the monitor's Pause button (as renderMonitorPaused makes it).
      const pauseButton = {
        type: "button",
        action_id: actions.pauseMonitor,
        text: { type: "plain_text", text: "Pause" },
        value: monitorActionCodec.encode({ monitorId: docs!.id }),
      };
      const message = stack.slack.state.addMessage(CHANNEL, {
        user: "U0BOT",
        text: "Docs",
        blocks: [{ type: "actions", elements: [pauseButton] }],
      });
      const before = stack.slack.state.ephemeralFor(UNLINKED, CHANNEL).length;
      await stack.slack.sender.blockAction({
        userId: UNLINKED,
        container: { type: "message", channel: CHANNEL, ts: message.ts },
        actions: [{ action_id: actions.pauseMonitor, value: pauseButton.value }],
      });
      const prompt = await stack.nextEphemeral(UNLINKED, CHANNEL, before);
      expect(JSON.stringify(prompt.blocks)).toContain(actions.linkAccount);
      expect(await paused("Docs")).toBe(false);

      await stack.slack.sender.blockAction({
        userId: UNLINKED,
        container: { type: "ephemeral", channel: CHANNEL, ts: prompt.ts },
        actions: [{ action_id: actions.linkAccount }],
      });
      const modal = await waitFor(stack.slack.events, () => {
        const view = stack.slack.state.topModal(UNLINKED);
        return view?.callback_id === views.login ? view : undefined;
      });
      const submitted = await stack.slack.sender.viewSubmission({
        userId: UNLINKED,
        viewId: modal.id,
        values: {
          [blocks.login.token]: {
            [actions.login.token]: { type: "plain_text_input", value: DEMO_TOKENS.owner },
          },
        },
      });
      expect(submitted.outcome).toBe("closed");
      const confirmation = await waitFor(stack.slack.events, () => {
        const m = stack.slack.state.findEphemeral(CHANNEL, prompt.ts);
        return m && /now linked/.test(m.text) ? m : undefined;
      });
      expect(textOf(confirmation)).toContain("Paused *Docs*");
      expect(await paused("Docs")).toBe(true);
    });
  });

  describe("/uptime delete", () => {
    it("names the monitor and deletes it only through the confirmed button, with the clicker's token", async () => {
      const reply = await stack.command(OWNER, 'delete "E2E from home"');
      expect(textOf(reply)).toMatch(/Delete \*E2E from home\* \(https:\/\/home\.example\.com\/?\)\?/);
      // Slack's own confirm dialog guards the button: nothing is sent before it is confirmed.
      const button = JSON.stringify(reply.blocks);
      expect(button).toContain(actions.deleteMonitor);
      expect(button).toContain('"confirm":{');
      expect(await monitorNamed("E2E from home")).toBeDefined();

      // A read-only member who clicks gets the role sentence, and the monitor stays.
      const readOnly = await stack.command(READ_ONLY, 'delete "E2E from home"');
      await stack.slack.sender.blockAction({
        userId: READ_ONLY,
        container: { type: "ephemeral", channel: CHANNEL, ts: readOnly.ts },
        actions: [{ action_id: actions.deleteMonitor }],
      });
      await waitFor(stack.slack.events, () => {
        const message = stack.slack.state.findEphemeral(CHANNEL, readOnly.ts);
        return message && /read-only members can't/.test(textOf(message)) ? message : undefined;
      });
      expect(await monitorNamed("E2E from home")).toBeDefined();

      await stack.slack.sender.blockAction({
        userId: OWNER,
        container: { type: "ephemeral", channel: CHANNEL, ts: reply.ts },
        actions: [{ action_id: actions.deleteMonitor }],
      });
      await waitFor(stack.slack.events, () => {
        const message = stack.slack.state.findEphemeral(CHANNEL, reply.ts);
        return message && textOf(message).includes("Deleted *E2E from home*") ? message : undefined;
      });
      expect(await monitorNamed("E2E from home")).toBeUndefined();
    });
  });
});
