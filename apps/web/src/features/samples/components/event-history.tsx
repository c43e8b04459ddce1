import type { SampleEvent } from "@lab/contracts";

import { formatDateTime } from "../utils/dates";
import { statusLabel } from "../utils/status";

/** A sample's status history, oldest first: each move, when and by whom (customer timeline, lab console). */
export function EventHistory({
  events,
  className = "",
}: {
  events: readonly SampleEvent[];
  className?: string;
}) {
  return (
    <ol className={`space-y-3 border-l-2 border-slate-200 pl-4 ${className}`}>
      {events.map((event) => (
        <li key={event.id} className="text-sm">
          <p className="font-medium text-slate-900">
            {event.from
              ? `${statusLabel(event.from)} → ${statusLabel(event.to)}`
              : `Submitted (${statusLabel(event.to)})`}
          </p>
          <p className="text-slate-700">
            {formatDateTime(event.at)} · by {event.actor}
          </p>
          {event.note ? <p className="text-slate-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
