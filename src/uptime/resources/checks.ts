import { decodeList } from "../decode/documents";
import { type PathValue, path } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { Check } from "../types";
import { APIResource } from "./resource";

const decodeChecks: Decoder<Check[]> = (json) => decodeList("checks", json);

export class Checks extends APIResource {
  /** The latest checks of a team, newest first (`GET /teams/{id}/checks`, A5); same as `teams.checks`. */
  list(teamId: PathValue, options?: CallOptions): Promise<Check[]> {
    return this.session.get(path`/teams/${teamId}/checks`, decodeChecks, options);
  }
}
