import { Phone, UserCheck } from "lucide-react";
import { useId, useState } from "react";

import type { Sample } from "@lab/contracts";

import { formatDateTime } from "../utils/dates";
import { agentBadgeOf, telHref } from "../utils/status";

/**
 * 'Agent Assigned' (COLLECTING or TESTING with an agent): hovering or pressing it shows the agent's
 * name and phone, a call link while collecting, and the testing ETA when there is one.
 */
export function AgentBadge({ sample }: { sample: Pick<Sample, "status" | "assigned" | "testingEta"> }) {
  const badge = agentBadgeOf(sample);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState(false);
  if (!badge) return null;
  const shown = open || hover;

  return (
    <div
      className="relative inline-block"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && shown) {
          event.stopPropagation();
          setOpen(false);
          setHover(false);
        }
      }}
    >
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-700"
      >
        <UserCheck aria-hidden="true" className="h-3.5 w-3.5" />
        Agent Assigned
      </button>
      <div
        id={panelId}
        hidden={!shown}
        className="absolute left-0 z-20 mt-1 w-64 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg"
      >
        <p>
          <span className="font-medium">Agent:</span> {badge.agent.name}
        </p>
        {badge.agent.phone ? (
          <p>
            <span className="font-medium">Phone:</span> {badge.agent.phone}
          </p>
        ) : null}
        {badge.canCall ? (
          <a
            href={telHref(badge.agent.phone)}
            className="mt-2 inline-flex items-center gap-1 font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <Phone aria-hidden="true" className="h-4 w-4" />
            Call {badge.agent.name}
          </a>
        ) : null}
        {badge.testingEta ? (
          <p className="mt-1">
            <span className="font-medium">Testing ETA:</span> {formatDateTime(badge.testingEta)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
