import type { Button } from "@slack/types";
import { tryEncode } from "../../../ui/codec";
import { pageNowCodec } from "../../../ui/codecs";
import { actions } from "../../../ui/ids";
import { limits, plainText } from "../../../ui/text";

/** Page... on an open alert or a roll-up: the Page modal; left out when the ids do not fit. */
export function pageButton(value: {
  teamId: string;
  channelId: string;
  incidentId?: string;
}): Button | undefined {
  const encoded = tryEncode(pageNowCodec, value);
  if (encoded === undefined) return undefined;
  return {
    type: "button",
    action_id: actions.pageOpen,
    text: plainText("Page...", limits.buttonText),
    value: encoded,
  };
}
