import { PageRefusedError } from "../../services";
import { pageNowCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import { blocks } from "../../ui/ids";
import { readPageForm } from "../../ui/render-page-modal";
import { renderPageResult } from "../../ui/render-page-result";
import { viewHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Submit of the Page modal: the page is checked (role, an open alert of the incident here, someone to page)
 * before the modal closes, so that a refusal stays next to the picks; the pager alone is told who was paged.
 */
export function pageView(deps: ListenerDeps) {
  return viewHandler({
    decode: ({ view }) => {
      const metadata = pageNowCodec.decode(view.private_metadata);
      return metadata ? { metadata, form: readPageForm(view.state.values) } : null;
    },
    outOfDate: { block: blocks.page.people, instead: "Close it and press *Page...* on the alert again." },
    run: async ({ args, value: { metadata, form }, user, ack }) => {
      const incidentId = metadata.incidentId ?? form.incidentId;
      if (!incidentId) throw new PageRefusedError({ reason: "nobody" });
      const outcome = await deps.services.pageIncident(user, {
        channelId: metadata.channelId,
        target: { incidentId },
        users: form.users,
        groups: form.groups,
        // Whoever is on call when the page is sent, not when the modal opened.
        oncall: form.oncall,
        message: form.message,
      });
      await ack();
      await args.client.chat.postEphemeral({
        channel: metadata.channelId,
        user: user.userId,
        ...renderPageResult(outcome),
      });
    },
    errors: (error) => {
      const text = errorText(error);
      return { errors: { [blocks.page.people]: text.text }, unexpected: text.unexpected };
    },
  });
}
