import type { Button } from "@slack/types";
import type { Monitor } from "../uptime/types";
import { monitorActionCodec } from "./codecs";
import { actions } from "./ids";
import { monitorAddress } from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

const NAME_IN_TEXT = 200;
/** A confirm dialog's text: https://docs.slack.dev/reference/block-kit/composition-objects/confirmation-dialog-object */
const CONFIRM_TEXT_MAX = 300;

const plainName = (monitor: Pick<Monitor, "name">) =>
  truncate(monitor.name.replace(/\s+/g, " "), NAME_IN_TEXT);

/**
 * The Delete button: Slack asks "Delete <name>?" in its own confirm dialog before anything is sent, and a
 * delete is for good (A7 DELETE), so the button is red and says so.
 */
export function deleteMonitorButton(monitor: Pick<Monitor, "id" | "name">): Button {
  const name = plainName(monitor);
  return {
    type: "button",
    action_id: actions.deleteMonitor,
    text: plainText("Delete…", limits.buttonText),
    style: "danger",
    value: monitorActionCodec.encode({ monitorId: monitor.id }),
    confirm: {
      title: plainText("Delete monitor?", 100),
      text: plainText(
        `${name} and its checks, incidents and statistics are deleted for good.`,
        CONFIRM_TEXT_MAX,
      ),
      confirm: plainText("Delete", 30),
      deny: plainText("Keep it", 30),
      style: "danger",
    },
  };
}

/** `/uptime delete <monitor>`: what would be deleted, and the Delete button behind a confirmation. */
export function renderDeleteMonitorConfirm(monitor: Pick<Monitor, "id" | "name" | "settings">): Rendered {
  const name = escapeMrkdwn(plainName(monitor));
  const address = monitorAddress(monitor);
  const text = `Delete *${name}*${address ? ` (${escapeMrkdwn(address)})` : ""}? Its checks, incidents and statistics go with it.`;
  return {
    text: `Delete ${name}?`,
    blocks: [
      { type: "section", text: mrkdwn(text) },
      { type: "actions", elements: [deleteMonitorButton(monitor)] },
    ],
  };
}

/** After the confirmed Delete: what is gone. */
export function renderMonitorDeleted(monitor: Pick<Monitor, "name">): Rendered {
  const text = `:wastebasket: Deleted *${escapeMrkdwn(plainName(monitor))}*.`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
