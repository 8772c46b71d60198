import { escapeMrkdwn as esc } from "./text";

/**
 * The one mapping from an error to the sentence a Slack user reads (DESIGN.md section 2). It looks at
 * `name` and a few fields only, so ui/ needs no run-time import of services or the API client.
 * Unknown errors get a generic sentence: never a stack trace or an internal message in Slack.
 * The sentence is mrkdwn: every value from the API or the user (names, suggestions, 422 details, queries)
 * is escaped, so that a monitor named `<https://evil.example|api>` makes no link (DESIGN.md 7).
 */
interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  query?: string;
  suggestions?: readonly string[];
  fieldErrors?: readonly { pointer?: string | null; detail?: string | null; title?: string | null }[];
  detail?: string | null;
  retryAfter?: number | null;
  reason?: string;
  change?: string;
  teamName?: string | null;
  need?: string;
}

export interface ErrorText {
  text: string;
  /** True when the user should be offered the Link button. */
  offerLink: boolean;
  /** True when nothing we know explains it: log it and let app.error see it. */
  unexpected: boolean;
}

const quoteList = (names: readonly string[]) => names.map((n) => `*${esc(n)}*`).join(", ");

/** What AlertsChangeNotAllowedError's `change` asked for, as the end of "Only ... can ...". */
const CHANGE_PHRASES: Record<string, string> = {
  subscribe: "subscribe this channel to alerts",
  unsubscribe: "remove this channel's alert subscriptions",
  mute: "mute alerts in this channel",
  unmute: "unmute alerts in this channel",
};

function teamLabel(name: string | null | undefined): string {
  return name ? `*${name.replace(/[<>&*_~`]/g, "")}*` : "the Uptime team these alerts come from";
}

/** Linked, stale or a stranger to the team: who may change a channel's alerts (DESIGN.md section 1). */
function alertsChangeText(e: ErrorLike): string {
  const phrase = CHANGE_PHRASES[e.change ?? ""] ?? "change this channel's alerts";
  const team = teamLabel(e.teamName);
  const who = e.teamName ? `a linked member of ${team}` : "a linked member of the subscribed Uptime team";
  switch (e.reason) {
    case "stale":
      return `Only ${who} can ${phrase}, so nothing changed: your Uptime token is no longer accepted (revoked or expired). Link your account again, then try again.`;
    case "not_member":
      return `Only ${who} can ${phrase}, and your linked Uptime account isn't a member of ${team}. Nothing changed: ask a member of that team, or link an account that belongs to it.`;
    default:
      return `Only ${who} can ${phrase}, so nothing changed. Link your Uptime account with your personal API token, then try again.`;
  }
}

export function errorText(error: unknown): ErrorText {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const known = (text: string, offerLink = false): ErrorText => ({ text, offerLink, unexpected: false });
  switch (e.name) {
    case "NotLinkedError":
      return known(
        "You haven't linked your Uptime account yet. Run `/uptime login` to paste your personal API token.",
        true,
      );
    case "StaleLinkError":
    case "AuthenticationError":
      return known(
        "Your Uptime token is no longer accepted (revoked or expired). Please link your account again with `/uptime login`.",
        true,
      );
    case "InvalidTokenError":
      return known(
        "That token was not accepted by the Uptime service. Check that you copied the whole personal API token.",
      );
    case "NoTeamError":
      return known(
        e.query
          ? `You are not a member of a team matching "${esc(e.query)}". \`/uptime team\` lists your teams.`
          : "Your Uptime account belongs to no team yet.",
      );
    case "MonitorNotFoundError":
      return known(
        `No monitor matches "${esc(e.query ?? "")}".` +
          (e.suggestions?.length
            ? ` Did you mean ${quoteList(e.suggestions)}?`
            : " `/uptime monitors` lists them."),
      );
    case "GroupNotFoundError":
      return known(
        `No group matches "${esc(e.query ?? "")}".` +
          (e.suggestions?.length ? ` Did you mean ${quoteList(e.suggestions)}?` : ""),
      );
    case "AlertsChangeNotAllowedError":
      return known(alertsChangeText(e), true);
    case "ReadOnlyRoleError":
      return known(
        e.need === "mention"
          ? `Read-only members of ${teamLabel(e.teamName)} can't make alerts ping \`@here\` or \`@channel\`. Leave out \`--mention\`, mention a user group, or ask a team owner or a regular member.`
          : `Someone else set up this subscription, and read-only members of ${teamLabel(e.teamName)} can't replace it. Ask a team owner or a regular member, or ask its subscriber.`,
      );
    case "NotMutedError":
      return known(
        e.suggestions?.length
          ? `No monitor muted in this channel matches "${esc(e.query ?? "")}". Muted here: ${quoteList(e.suggestions)}.`
          : "No monitor is muted in this channel.",
      );
    case "PermissionDeniedError":
      return known(
        "Your role in this Uptime team doesn't allow that (read-only members can't change monitors or acknowledge incidents). Ask a team owner or a regular member.",
      );
    case "NotFoundError":
      return known(
        "The Uptime service couldn't find that: it may have been deleted, or it belongs to a team you're not in.",
      );
    case "ValidationError": {
      const first = e.fieldErrors?.[0];
      const detail = first?.detail ?? first?.title ?? e.detail;
      return known(
        detail
          ? `The Uptime service refused that: ${esc(detail)}`
          : "The Uptime service refused that request as invalid.",
      );
    }
    case "RateLimitError":
      return known(
        `The Uptime service is rate-limiting requests right now. Try again${e.retryAfter ? ` in ${Math.ceil(e.retryAfter)} s` : " shortly"}.`,
      );
    case "ServerError":
      return known(
        "The Uptime service is having trouble right now (server error). Try again in a minute; `/uptime status` shows the service status.",
      );
    case "TimeoutError":
    case "NetworkError":
      return known("The Uptime service didn't answer in time. Try again in a minute.");
    case "DecodeError":
      return {
        text: "The Uptime service sent an answer we couldn't read. It has been logged.",
        offerLink: false,
        unexpected: true,
      };
    default:
      return {
        text: "Something went wrong on our side. It has been logged; please try again.",
        offerLink: false,
        unexpected: true,
      };
  }
}
