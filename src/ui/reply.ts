import type { KnownBlock } from "@slack/types";

/** A message body as renderers return it: `text` is the notification and screen-reader fallback. */
export interface Rendered {
  text: string;
  blocks?: KnownBlock[];
}
