import { translatorFor } from "@lab/i18n/node";

import type { DomainEvent } from "../domain/domain-events";
import { presentNotification } from "../presenters/notification";
import { presentSample } from "../presenters/sample";
import type { PushEvent } from "./events";

/** A domain event as the socket carries it (and as it travels through Redis): presented, JSON-ready. */
export function pushEventOf(event: DomainEvent): PushEvent {
  switch (event.kind) {
    case "sample":
      return {
        kind: "sample",
        customerId: event.customerId,
        organisationId: event.organisationId,
        sample: presentSample(event.sample, event.sample.reportId),
      };
    case "notification":
      return {
        kind: "notification",
        customerId: event.customerId,
        notification: presentNotification(event.notification, translatorFor(event.notification.language)),
      };
    case "sessions-revoked":
      return event;
  }
}
