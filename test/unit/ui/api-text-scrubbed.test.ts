// Free text of the API is scrubbed once, where it enters (the decoders of src/uptime/decode): every surface
// that shows API text, given what the decoders made of a response, shows no user info, query or fragment.
// A renderer cannot forget: none of them scrubs on its own any more.
import { describe, expect, it } from "vitest";
import { toAlertMonitor, toIncidentSnapshot } from "../../../src/alerts/engine/poll/poll-reads";
import { digestPeriod } from "../../../src/alerts/kinds/digest/digest-calendar";
import { computeDigest } from "../../../src/alerts/kinds/digest/digest-report";
import { renderDigest } from "../../../src/alerts/kinds/digest/render-digest";
import { renderEscalationReply } from "../../../src/alerts/kinds/escalation/render-escalation-reply";
import { renderAlertRoot } from "../../../src/alerts/kinds/incident/render-alert-root";
import { renderRecoveryReply } from "../../../src/alerts/kinds/incident/render-incident-replies";
import {
  renderIncidentChannelEntry,
  renderIncidentChannelIntro,
  renderIncidentChannelSummary,
} from "../../../src/alerts/kinds/incident-channel/render-incident-channel";
import { renderSlowAlert } from "../../../src/alerts/kinds/slow/render-slow-alert";
import { renderStormRollup } from "../../../src/alerts/kinds/storm/render-storm-rollup";
import { renderChecks } from "../../../src/ui/render-checks";
import { renderHome } from "../../../src/ui/render-home";
import { renderIncident } from "../../../src/ui/render-incident";
import { renderIncidentList } from "../../../src/ui/render-incident-list";
import { renderMonitorDetails } from "../../../src/ui/render-monitor-details";
import { renderSharedCopy } from "../../../src/ui/render-shared-copy";
import { renderStatus } from "../../../src/ui/render-status";
import { renderUnfurlCard } from "../../../src/ui/render-unfurl-card";
import { decodeList, decodeOne, decodeStatus } from "../../../src/uptime/decode/documents";
import { linkedHome } from "./account-fixtures";
import { WEB_LINKS } from "./query-fixtures";

const SECRET_URL = "https://deploy:s3cret@api.example.com/health?key=abc#frag";
const SCRUBBED_URL = "https://api.example.com/health";
const SECRETS = ["s3cret", "deploy:", "key=abc", "#frag"];
const STARTED = "2026-11-24T06:00:00Z";
const NOW = Date.parse("2026-11-24T06:30:00Z");

// One API response of each kind, every free-text field carrying the URL with its secrets.
const monitorDoc = {
  type: "monitors",
  id: "7",
  attributes: {
    name: `Health ${SECRET_URL}`,
    settings: { url: SECRET_URL },
    group: "Edge",
    interval: 60,
  },
  meta: { status: 1, state: -10 },
};
const incidentDoc = {
  type: "incidents",
  id: "42",
  attributes: { started: STARTED, ended: null, acknowledged: null, reason: `GET ${SECRET_URL} -> 503` },
  relationships: {
    monitor: { data: { type: "monitors", id: "7" } },
    team: { data: { type: "teams", id: "1" } },
  },
};
const checkDoc = {
  type: "checks",
  id: "900",
  attributes: {
    status: 503,
    state: -1,
    location: "Frankfurt",
    created: STARTED,
    error: `GET ${SECRET_URL} answered 503`,
    totalDuration: 120,
  },
  relationships: { monitor: { data: { type: "monitors", id: "7" } } },
};

const monitor = decodeOne("monitors", { data: monitorDoc });
const incident = decodeOne("incidents", { data: incidentDoc, included: [monitorDoc] });
const [check] = decodeList("checks", { data: [checkDoc] });
const status = decodeStatus({ meta: { status: "error", failures: [`probe ${SECRET_URL} failed`] } });
const snapshot = toIncidentSnapshot(incident)!;
const alertMonitor = toAlertMonitor(monitor);

function expectScrubbed(surface: string, rendered: unknown, shows = SCRUBBED_URL) {
  const json = JSON.stringify(rendered);
  // The control: the surface shows the API text at all.
  expect(json, surface).toContain(shows);
  for (const secret of SECRETS) expect(json, surface).not.toContain(secret);
}

describe("API text reaches every surface scrubbed by the decoders", () => {
  it("the decoders keep the text and drop the secrets; the raw target is kept for the edit form only", () => {
    expect(incident.reason).toBe(`GET ${SCRUBBED_URL} -> 503`);
    expect(check?.error).toBe(`GET ${SCRUBBED_URL} answered 503`);
    expect(monitor.name).toBe(`Health ${SCRUBBED_URL}`);
    expect(monitor.settings.url).toBe(SCRUBBED_URL);
    expect(monitor.editTarget?.url).toBe(SECRET_URL);
    expect(status.failures).toEqual([`probe ${SCRUBBED_URL} failed`]);
  });

  it("the alert root, its thread replies and its escalation replies", () => {
    const root = { channelId: "C0ALERTS", apiTeamId: "1", incident: snapshot, monitor: alertMonitor };
    expectScrubbed(
      "alert root",
      renderAlertRoot({ ...root, stage: "open", failingLocations: ["Frankfurt"], now: NOW }),
    );
    expectScrubbed(
      "escalation reply",
      renderEscalationReply({
        ...root,
        mention: null,
        afterMinutes: 5,
        step: { index: 0, count: 2 },
        now: NOW,
      }),
    );
    expectScrubbed(
      "recovery reply",
      renderRecoveryReply({ incident: snapshot, monitor: alertMonitor, now: NOW }),
    );
  });

  it("the incident channel: intro, timeline and summary", () => {
    const item = { incident: snapshot, monitor: alertMonitor };
    const intro = renderIncidentChannelIntro({
      items: [item],
      sourceChannel: "C0ALERTS",
      openedBy: "U0ALICE",
      now: NOW,
    });
    expectScrubbed("incident channel intro", intro);
    expect(JSON.stringify(intro)).toContain(`GET ${SCRUBBED_URL} -&gt; 503`);
    expectScrubbed(
      "incident channel entry",
      renderIncidentChannelEntry({ kind: "escalated", item, now: NOW }),
    );
    expectScrubbed(
      "incident channel summary",
      renderIncidentChannelSummary({
        items: [item],
        ackedBy: {},
        availability: {},
        teamId: "1",
        channelId: "C0INC",
        now: NOW,
      }),
    );
  });

  it("the storm roll-up and the slow alert", () => {
    expectScrubbed(
      "storm roll-up",
      renderStormRollup({
        apiTeamId: "1",
        down: [{ incident: snapshot, monitor: alertMonitor }],
        resolvedCount: 0,
        now: NOW,
      }),
    );
    expectScrubbed(
      "slow alert",
      renderSlowAlert({
        monitorId: "7",
        monitor: alertMonitor,
        rule: { thresholdMs: 100, checks: 3 },
        since: NOW,
        samples: [{ at: NOW, ms: 120, location: "Frankfurt" }],
        phase: "slow",
      }),
    );
  });

  it("the digest", () => {
    const period = digestPeriod("daily", "UTC", Date.parse("2026-11-25T09:00:00Z"));
    const digest = computeDigest({
      cadence: "daily",
      timeZone: "UTC",
      period,
      team: { id: "1", name: "Acme" },
      filtered: false,
      monitors: [monitor],
      incidents: [incident],
      capped: false,
    });
    expectScrubbed("digest", renderDigest(digest, { requestedBy: "U0ALICE", scheduled: true }));
  });

  it("the answers, their Share copies, App Home, the unfurl card and the workflow step's output", () => {
    const answers = {
      incident: renderIncident({ incident, monitor, ackedBy: null }, NOW, WEB_LINKS),
      incidents: renderIncidentList(
        {
          team: { id: "1", name: "Acme" },
          openOnly: true,
          page: 1,
          incidents: [incident],
          monitorNames: { "7": monitor.name },
          hasPrev: false,
          hasNext: false,
          scanCapped: false,
        },
        NOW,
      ),
      monitor: renderMonitorDetails(
        { teamId: "1", monitor: { ...monitor, checks: check ? [check] : [] } },
        NOW,
      ),
      status: renderStatus(
        {
          team: { id: "1", name: "Acme" },
          counters: { up: 1, down: 1, paused: 0, pending: 0 },
          down: [monitor],
          downHasMore: false,
          openIncidents: [incident],
          openIncidentsCapped: false,
          monitorNames: { "7": monitor.name },
          service: status,
        },
        NOW,
      ),
    };
    for (const [name, rendered] of Object.entries(answers)) {
      expectScrubbed(`/uptime ${name}`, rendered);
      expectScrubbed(`Share copy of /uptime ${name}`, renderSharedCopy(rendered, "U0ALICE"));
    }
    expectScrubbed(
      "checks",
      renderChecks({
        team: { id: "1", name: "Acme" },
        checks: check ? [check] : [],
        total: 1,
        monitorNames: { "7": monitor.name },
      }),
    );
    const home = linkedHome(0, 0, 0) as Extract<ReturnType<typeof linkedHome>, { kind: "linked" }>;
    expectScrubbed(
      "App Home",
      renderHome(
        { ...home, down: { items: [monitor], total: 1 }, openIncidents: { items: [incident], total: 1 } },
        { now: NOW },
      ),
    );
    expectScrubbed(
      "unfurl card",
      renderUnfurlCard(
        {
          target: { kind: "incident", incidentId: "42" },
          monitor,
          incident,
          teamId: "1",
          since: incident.started,
          availability24h: 99,
          ackedBy: null,
        },
        WEB_LINKS,
      ),
    );
    // "Get monitor status" outputs the monitor's name as the service read it (monitorStatus: monitor.name).
    expectScrubbed("workflow output", { monitor_name: monitor.name });
  });
});
