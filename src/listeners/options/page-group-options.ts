import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from "@slack/bolt";
import { renderUsergroupOptions } from "../../ui/render-page-modal";
import type { ListenerDeps } from "../listener-deps";
import { listUsergroups } from "../usergroup-directory";

/**
 * block_suggestion of the Page modal's user groups: usergroups.list (usergroups:read) filtered by what was
 * typed. A refusal (no scope, a plan without user groups) answers no options: people can still be picked.
 */
export function pageGroupOptions(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
  }: SlackOptionsMiddlewareArgs<"block_suggestion"> & AllMiddlewareArgs) => {
    const groups = await listUsergroups(client);
    if (groups === null) deps.logger.warn("usergroups.list refused: the Page modal offers no groups");
    await ack({ options: renderUsergroupOptions(groups ?? [], body.value) });
  };
}
