import { decodeList } from "../decode/documents";
import { type PathValue, path } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { Channel } from "../types";
import { APIResource } from "./resource";

const decodeChannels: Decoder<Channel[]> = (json) => decodeList("channels", json);

export class Channels extends APIResource {
  /** A team's alert channels, never paginated (`GET /teams/{id}/channels`); same as `teams.channels`. */
  list(teamId: PathValue, options?: CallOptions): Promise<Channel[]> {
    return this.session.get(path`/teams/${teamId}/channels`, decodeChannels, options);
  }
}
