import { describe, expect, it } from "vitest";
import {
  GroupNotFoundError,
  InvalidTokenError,
  MonitorNotFoundError,
  NoTeamError,
  NotLinkedError,
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
    ["401 from the API", apiError(AuthenticationError, 401), /link your account again/, true],
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
