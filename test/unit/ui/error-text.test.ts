import { describe, expect, it } from "vitest";
import {
  AlertsChangeNotAllowedError,
  GroupNotFoundError,
  InvalidTokenError,
  MonitorNotFoundError,
  NoTeamError,
  NotLinkedError,
  NotMutedError,
  ReadOnlyRoleError,
  RequestRefusedError,
  StaleLinkError,
} from "../../../src/services/errors";
import { errorText } from "../../../src/ui/error-text";
import { actions } from "../../../src/ui/ids";
import { renderErrorMessage } from "../../../src/ui/render-error-message";
import {
  type ApiError,
  AuthenticationError,
  ClientError,
  DecodeError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from "../../../src/uptime";
import { checkBlockKitLimits } from "../../support/block-kit-limits";

const request = { method: "POST", path: "/teams/1/monitors" };

function apiError<E extends ApiError>(
  Kind: new (init: ConstructorParameters<typeof AuthenticationError>[0]) => E,
  status: number,
  extra: { detail?: string; pointer?: string; headers?: Record<string, string> } = {},
): E {
  return new Kind({
    status,
    title: "Error",
    detail: extra.detail ?? null,
    errors: extra.pointer
      ? [{ status: String(status), detail: extra.detail, source: { pointer: extra.pointer } }]
      : [],
    headers: extra.headers ?? {},
    request,
    rawBody: "",
  });
}

describe("errorText: one sentence per error, never internals", () => {
  it.each([
    ["not linked", new NotLinkedError(), /haven't linked/, true],
    ["stale link", new StaleLinkError(), /no longer accepted/, true],
    ["401 from the API", apiError(AuthenticationError, 401), /refused this request.*still linked/, false],
    ["401 not confirmed", new RequestRefusedError(), /refused this request.*still linked/, false],
    ["bad token in the modal", new InvalidTokenError("rejected"), /not accepted/, false],
    ["403 (read-only member)", apiError(PermissionDeniedError, 403), /read-only members can't/, false],
    ["404", apiError(NotFoundError, 404), /couldn't find/, false],
    ["429", apiError(RateLimitError, 429, { headers: { "retry-after": "7" } }), /in 7 s/, false],
    ["5xx", apiError(ServerError, 503), /having trouble/, false],
    [
      "timeout",
      new TimeoutError("headers", request, "UND_ERR_HEADERS_TIMEOUT"),
      /didn't answer in time/,
      false,
    ],
    ["network", new NetworkError("socket hang up", request, "ECONNRESET"), /didn't answer in time/, false],
    ["no team", new NoTeamError("Acme"), /not a member of a team matching "Acme"/, false],
  ])("%s", (_label, error, sentence, offerLink) => {
    const text = errorText(error);
    expect(text.text).toMatch(sentence);
    expect(text.offerLink).toBe(offerLink);
    expect(text.unexpected).toBe(false);
  });

  it("gives the field's own message for a 422", () => {
    const error = apiError(ValidationError, 422, {
      detail: "url must be a valid URL",
      pointer: "/data/attributes/settings/url",
    });
    expect(errorText(error).text).toBe("The Uptime service refused that: url must be a valid URL");
  });

  it("suggests the closest names for an unknown monitor or group", () => {
    expect(errorText(new MonitorNotFoundError("Web shp", ["Web shop"])).text).toBe(
      'No monitor matches "Web shp". Did you mean *Web shop*?',
    );
    expect(errorText(new MonitorNotFoundError("zzz", [])).text).toMatch(/`\/uptime monitors` lists them/);
    expect(errorText(new GroupNotFoundError("Webiste", ["Website"])).text).toMatch(
      /Did you mean \*Website\*\?/,
    );
  });

  it("marks what nothing explains as unexpected, with a sentence that leaks nothing", () => {
    for (const error of [
      new Error("secret internals at /srv/app.js:12"),
      "a string",
      null,
      apiError(ClientError, 400),
      new DecodeError([{ path: "data", message: "bad" }]),
    ]) {
      const text = errorText(error);
      expect(text.unexpected).toBe(true);
      expect(text.text).not.toMatch(/internals|srv|data|400/);
    }
  });
});

describe("renderErrorMessage", () => {
  it("offers the Link button only when linking fixes it, within Block Kit limits", () => {
    const linked = renderErrorMessage(errorText(new NotLinkedError()), '{"v":1}');
    const buttons = JSON.stringify(linked.blocks);
    expect(buttons).toContain(actions.linkAccount);
    expect(buttons).toContain('{\\"v\\":1}');
    expect(checkBlockKitLimits("message", { ...linked })).toEqual([]);
    const other = renderErrorMessage(errorText(apiError(ServerError, 500)));
    expect(JSON.stringify(other.blocks)).not.toContain(actions.linkAccount);
  });
});

describe("who may change a channel's alerts", () => {
  it("asks unlinked, stale and other teams' users to link, naming the team when known", () => {
    const unlinked = errorText(new AlertsChangeNotAllowedError("unsubscribe", "not_linked", null));
    expect(unlinked).toMatchObject({ offerLink: true, unexpected: false });
    expect(unlinked.text).toContain(
      "Only a linked member of the subscribed Uptime team can remove this channel's alert subscriptions",
    );
    const stale = errorText(new AlertsChangeNotAllowedError("mute", "stale", "Acme"));
    expect(stale.text).toContain("Only a linked member of *Acme* can mute alerts in this channel");
    expect(stale.text).toContain("no longer accepted");
    const stranger = errorText(new AlertsChangeNotAllowedError("unmute", "not_member", "Acme <!here>"));
    expect(stranger.offerLink).toBe(true);
    expect(stranger.text).toContain("isn't a member of *Acme !here*");
    // The sentence comes with the Link button.
    expect(JSON.stringify(renderErrorMessage(stranger))).toContain(actions.linkAccount);
  });

  it("explains what read-only members cannot do, and which monitors are muted", () => {
    expect(errorText(new ReadOnlyRoleError("mention-others", "Acme")).text).toContain(
      "Read-only members of *Acme* can't make alerts ping `@here`, `@channel`, a user group or another person",
    );
    expect(errorText(new ReadOnlyRoleError("replace-others", null)).text).toContain("can't replace it");
    expect(errorText(new ReadOnlyRoleError("mute-long", "Acme")).text).toBe(
      "Read-only members of *Acme* can mute a monitor here for up to 4 h, not longer or until it recovers. Nothing changed: mute it for 4 h or less, or ask a team owner or a regular member.",
    );
    expect(errorText(new NotMutedError("api", ["API EU", "#7"])).text).toBe(
      'No monitor muted in this channel matches "api". Muted here: *API EU*, *#7*.',
    );
    expect(errorText(new NotMutedError("api", [])).text).toBe("No monitor is muted in this channel.");
  });
});
