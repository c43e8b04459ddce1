import type { SampleEvent, SampleStatus } from "@lab/contracts";

import { formatDateTime } from "@/utils/dates";
import { statusLabel } from "@/utils/sample-status";

// The badge keeps the spec's raw "COLLECTED"; a sentence in the history reads better with a word.
const historyLabel = (status: SampleStatus): string =>
  status === "COLLECTED" ? "Collected" : statusLabel(status);

/** Events that are not moves (issue 16), by their kind. */
const KIND_TITLES: Record<string, string> = {
  confirmation: "Confirmation testing",
  results: "Results entered",
  returned: "Results returned for checking",
  released: "Replacement report issued",
};

/** The kind of an event; an API that does not send it yet is read from the note it writes. */
function kindOf(event: Pick<SampleEvent, "kind" | "note">): string | undefined {
  if (event.kind !== undefined && event.kind !== "move") return event.kind;
  if (event.note?.startsWith("Confirmation testing")) return "confirmation";
  if (event.note?.startsWith("Replacement report issued")) return "released";
  return undefined;
}

/** What happened, in words: an agent change is not "Collecting → Collecting". */
export function eventTitle(
  event: Pick<SampleEvent, "from" | "to"> & Partial<Pick<SampleEvent, "kind" | "note">>,
): string {
  const kind = kindOf({ kind: event.kind, note: event.note ?? null });
  if (kind !== undefined) return KIND_TITLES[kind] ?? (event.from === event.to ? "Update" : kind);
  if (!event.from) return `Submitted (${historyLabel(event.to)})`;
  if (event.from === "COLLECTING" && event.to === "COLLECTING") return "Agent changed";
  if (event.from === "PENDING" && event.to === "COLLECTING") return "Agent assigned (Collecting)";
  if (event.from === "COLLECTING" && event.to === "PENDING") return "Agent unassigned (Pending)";
  if (event.from === "COMPLETED" && event.to === "COMPLETED") return "Report revoked";
  return `${historyLabel(event.from)} → ${historyLabel(event.to)}`;
}

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
        <li key={event.id} className="text-sm [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">{eventTitle(event)}</p>
          <p className="text-slate-700">
            {formatDateTime(event.at)} · by {event.by}
          </p>
          {event.note ? <p className="text-slate-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
