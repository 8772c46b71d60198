/**
 * The one mapping from an error to the sentence a Slack user reads. It switches on the
 * literal `code` of the service and API errors, exhaustively: a new or renamed error does not compile until
 * it has its sentence. The classes are imported as types only, so ui/ needs no run-time import of services
 * or the API client. Unknown errors get a generic sentence: never a stack trace or an internal message.
 * The sentence is mrkdwn: every value from the API or the user (names, suggestions, 422 details, queries)
 * is escaped, so that a monitor named `<https://evil.example|api>` makes no link (docs/architecture.md section 7).
 */
import { type AlertsChange, REQUIREMENT_TEXT, roleRow } from "../domain/alerting-roles";
import type {
  AlertsChangeNotAllowedError,
  KnownError,
  PageRefusal,
  ReadOnlyRoleError,
} from "../services/errors";
import { apiBudgetSentence } from "./fair-share-text";
import { escapeMrkdwn as esc } from "./text";

export interface ErrorText {
  text: string;
  /** True when the user should be offered the Link button. */
  offerLink: boolean;
  /** True when nothing we know explains it: log it and let app.error see it. */
  unexpected: boolean;
}

const quoteList = (names: readonly string[]) => names.map((n) => `*${esc(n)}*`).join(", ");

/** What AlertsChangeNotAllowedError's `change` asked for, as the end of "Only ... can ...". */
const CHANGE_PHRASES: Record<AlertsChange, string> = {
  subscribe: "subscribe this channel to alerts",
  unsubscribe: "remove this channel's alert subscriptions",
  mute: "mute alerts in this channel",
  unmute: "unmute alerts in this channel",
  digest: "post a digest in this channel",
  acknowledge: "acknowledge these alerts",
  maintenance: "plan or end maintenance windows in this channel",
  "incident-channel": "open or archive an incident channel for these alerts",
  page: "page people about these alerts",
  oncall: "change this channel's on-call rota",
  "incident-record": "add to this incident's timeline or postmortem",
  runbook: "change the runbook links of this team's monitors",
  board: "post or remove this channel's board",
};

/** Nobody was paged: what was wrong, and what to type instead. */
function pageRefusalText(refusal: PageRefusal): string {
  switch (refusal.reason) {
    case "no-alert-here":
      return `Incident ${esc(refusal.incidentId)} has no alert in this channel, so nobody was paged. Page from the channel where its alert is, or name its monitor: \`/uptime page <monitor> @person\`.`;
    case "no-open-outage":
      return `*${esc(refusal.monitorName)}* has no open outage alerted in this channel, so nobody was paged.`;
    case "ended":
      return `Incident ${esc(refusal.incidentId)} has recovered, so nobody was paged.`;
    case "nobody":
      return "Nobody to page: name at least one @person or @group, e.g. `/uptime page api-eu @rita -- DB is down`.";
    case "too-many":
      return `A page reaches at most ${refusal.max} people and groups, so nobody was paged: name fewer, or a user group.`;
    case "no-rota":
      return "This channel has no on-call rota, so nobody was paged: set one with `/uptime oncall set @a @b`, or name people.";
    case "unknown-target":
      return `${refusal.names.map((n) => `\`${esc(n)}\``).join(", ")}: no such person or user group in this workspace, so nobody was paged. Pick people from the autocomplete, so that Slack sends their ids.`;
  }
}

function teamLabel(name: string | null | undefined): string {
  return name ? `*${name.replace(/[<>&*_~`]/g, "")}*` : "the Uptime team these alerts come from";
}

/** Linked, stale or a stranger to the team: who may change a channel's alerts. */
function alertsChangeText(e: AlertsChangeNotAllowedError): string {
  const phrase = CHANGE_PHRASES[e.change];
  const team = teamLabel(e.teamName);
  const who = e.teamName ? `a linked member of ${team}` : "a linked member of the subscribed Uptime team";
  switch (e.reason) {
    case "stale":
      return `Only ${who} can ${phrase}, so nothing changed: your Uptime token is no longer accepted (revoked or expired). Link your account again, then try again.`;
    case "not_member":
      return `Only ${who} can ${phrase}, and your linked Uptime account isn't a member of ${team}. Nothing changed: ask a member of that team, or link an account that belongs to it.`;
    case "not_linked":
      return `Only ${who} can ${phrase}, so nothing changed. Link your Uptime account with your personal API token, then try again.`;
    case "not_in_channel":
      return "Only someone in that incident channel can archive it, from the channel itself. Nothing was archived.";
    case "unchecked":
      return `Only ${who} can ${phrase}, and the Uptime service couldn't check your role just now (it did not answer). Nothing changed: try again in a moment.`;
  }
}

/** A read-only member refused a row of the role table: the row's own sentence, and who may instead. */
function readOnlyText(e: ReadOnlyRoleError): string {
  const row = roleRow(e.action);
  const refusal = (row.readOnlyRefusal ?? `Read-only members of {team} can't do that.`).replace(
    "{team}",
    teamLabel(e.teamName),
  );
  const ask = `ask ${REQUIREMENT_TEXT[row.needs]}`;
  return `${refusal} Nothing changed: ${row.instead ? `${row.instead}, or ${ask}` : ask}.`;
}

const SOMETHING_WENT_WRONG = "Something went wrong on our side. It has been logged; please try again.";

/**
 * `error` as one of the service or API errors when it carries a string `code`, for a switch on it. Our
 * codes are prefixed (`api.`, `service.`), so another library's `code` falls to the switch's default.
 */
export function knownError(error: unknown): KnownError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  return typeof (error as { code?: unknown }).code === "string" ? (error as KnownError) : undefined;
}

export function errorText(error: unknown): ErrorText {
  const known = (text: string, offerLink = false): ErrorText => ({ text, offerLink, unexpected: false });
  const unexpected = (text: string): ErrorText => ({ text, offerLink: false, unexpected: true });
  const e = knownError(error);
  if (!e) return unexpected(SOMETHING_WENT_WRONG);
  switch (e.code) {
    case "service.not-linked":
      return known(
        "You haven't linked your Uptime account yet. Run `/uptime login` to paste your personal API token.",
        true,
      );
    case "service.stale-link":
      return known(
        "Your Uptime token is no longer accepted (revoked or expired). Please link your account again with `/uptime login`.",
        true,
      );
    // One 401 is no proof that the token is gone (docs/alerts.md "What the bot does with your token"): still linked.
    case "service.request-refused":
    case "api.authentication":
      return known(
        "The Uptime API refused this request (401), but it still accepts your token, so you're still linked. Please try again in a moment.",
      );
    case "service.invalid-token":
      return known(
        "That token was not accepted by the Uptime service. Check that you copied the whole personal API token.",
      );
    case "service.no-team":
      return known(
        e.query
          ? `You are not a member of a team matching "${esc(e.query)}". \`/uptime team\` lists your teams.`
          : "Your Uptime account belongs to no team yet.",
      );
    case "service.monitor-not-found":
      return known(
        `No monitor matches "${esc(e.query)}".` +
          (e.suggestions.length
            ? ` Did you mean ${quoteList(e.suggestions)}?`
            : " `/uptime monitors` lists them."),
      );
    case "service.group-not-found":
      return known(
        `No group matches "${esc(e.query)}".` +
          (e.suggestions.length ? ` Did you mean ${quoteList(e.suggestions)}?` : ""),
      );
    case "service.alerts-change-not-allowed":
      // Linking again cannot make the API answer.
      return known(alertsChangeText(e), e.reason !== "unchecked");
    case "service.read-only-role":
      return known(readOnlyText(e));
    case "service.not-muted":
      return known(
        e.suggestions.length
          ? `No monitor muted in this channel matches "${esc(e.query)}". Muted here: ${quoteList(e.suggestions)}.`
          : "No monitor is muted in this channel.",
      );
    case "service.api-budget":
      return known(apiBudgetSentence(e.waitMs));
    case "service.maintenance-not-found":
      return known(
        e.ids.length
          ? `No maintenance window \`${esc(e.id)}\` is planned or going on in this channel. Here: ${e.ids.map((id) => `\`${esc(id)}\``).join(", ")} (\`/uptime maintenance\` lists them).`
          : `No maintenance window is planned or going on in this channel.`,
      );
    case "service.maintenance-team-choice": {
      const teams = e.teams.map((t) =>
        t.name ? `*${esc(t.name)}* (\`${esc(t.id)}\`)` : `team \`${esc(t.id)}\``,
      );
      const example = `\`/uptime maintenance all 2h --team ${esc(e.teams[0]?.id ?? "<id>")}\``;
      return known(
        e.asked === null
          ? `This channel gets alerts of ${e.teams.length} Uptime teams: ${teams.join(", ")}. A window quiets one team's monitors: say which with \`--team <id or name>\`, e.g. ${example}. Nothing was planned.`
          : `This channel gets no alerts of a team \`${esc(e.asked)}\`. Its teams: ${teams.join(", ")}; e.g. ${example}. Nothing was planned.`,
      );
    }
    case "service.not-subscribed-here":
      return known(
        e.asked === "test"
          ? "This channel gets no outage alerts, so there is nothing to test. Subscribe it first with `/uptime subscribe`, then run `/uptime test` again."
          : "This channel gets no outage alerts, so there is nothing to quiet. Subscribe it first with `/uptime subscribe`.",
      );
    case "service.nothing-to-recover":
      return known(
        `*${esc(e.monitorName)}* has no open outage alerted in this channel, so there is no recovery to wait for. Nothing was muted: give a duration instead, e.g. \`/uptime mute ${esc(e.monitorName)} 4h\`.`,
      );
    case "service.page-refused":
      return known(pageRefusalText(e.refusal));
    case "service.not-in-active-team":
      return known(
        `The ${e.what} ${esc(e.id)} is not in your active team *${esc(e.activeTeamName)}*, so nothing was done. Workflow steps act in your active team only: \`/uptime team <name>\` switches to another.`,
      );
    case "api.permission-denied":
      return known(
        "Your role in this Uptime team doesn't allow that (read-only members can't change monitors or acknowledge incidents). Ask a team owner or a regular member.",
      );
    case "api.not-found":
      return known(
        "The Uptime service couldn't find that: it may have been deleted, or it belongs to a team you're not in.",
      );
    case "api.validation": {
      const first = e.fieldErrors[0];
      const detail = first?.detail ?? first?.title ?? e.detail;
      return known(
        detail
          ? `The Uptime service refused that: ${esc(detail)}`
          : "The Uptime service refused that request as invalid.",
      );
    }
    case "api.rate-limited":
      return known(
        `The Uptime service is rate-limiting requests right now. Try again${e.retryAfter ? ` in ${Math.ceil(e.retryAfter)} s` : " shortly"}.`,
      );
    case "api.server-error":
      return known(
        "The Uptime service is having trouble right now (server error). Try again in a minute; `/uptime status` shows the service status.",
      );
    case "api.timeout":
    case "api.network":
      return known("The Uptime service didn't answer in time. Try again in a minute.");
    case "api.decode":
      return unexpected("The Uptime service sent an answer we couldn't read. It has been logged.");
    // Our own mistakes or statuses we never expect: logged, and the user hears only that it failed.
    case "api.usage":
    case "api.client-error":
    case "api.unexpected-status":
    case "api.aborted":
      return unexpected(SOMETHING_WENT_WRONG);
    default:
      // Compile-time: every code of KnownError has its case above. Run time: another library's `code`.
      e satisfies never;
      return unexpected(SOMETHING_WENT_WRONG);
  }
}
