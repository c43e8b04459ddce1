import { Phone, UserCheck } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";

import type { Sample } from "@lab/contracts";

import { formatPhone } from "@/lib/phone";

import { useT } from "@/lib/i18n/use-t";
import { agentBadgeOf, telHref } from "@/utils/sample-status";

/** Space kept between the panel and the screen's edges. */
const EDGE = 8;

/**
 * 'Agent Assigned' (COLLECTING or TESTING with an agent): hovering or pressing it shows the agent's
 * name and phone, a call link while collecting, and the testing ETA when there is one. The panel stays
 * inside the screen, and closes on a tap elsewhere or Escape.
 */
export function AgentBadge({ sample }: { sample: Pick<Sample, "status" | "assigned" | "testingEta"> }) {
  const badge = agentBadgeOf(sample);
  const { t, date } = useT("samples");
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState(false);
  const [shift, setShift] = useState(0);
  const shown = Boolean(badge) && (open || hover);

  // Moves the panel left (or right) by as much as it would reach past the edge of the screen.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!shown || !panel) return;
    const box = panel.getBoundingClientRect();
    const screenWidth = document.documentElement.clientWidth;
    if (screenWidth <= 0) return;
    // Where it sits unshifted, and where it fits: never past the right edge, then never the left.
    const natural = box.left - shift;
    const fitted = Math.max(EDGE, Math.min(natural, screenWidth - EDGE - box.width));
    const next = Math.round(fitted - natural);
    if (next !== shift) setShift(next);
  }, [shown, shift]);

  // A tap elsewhere or Escape closes it, wherever the focus is (touch leaves no mouseleave).
  useEffect(() => {
    if (!shown) return;
    const close = () => {
      setOpen(false);
      setHover(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [shown]);

  if (!badge) return null;
  const phone = badge.agent.phone ? formatPhone(badge.agent.phone) : "";

  return (
    <div
      ref={containerRef}
      className="relative inline-block"
      onPointerEnter={(event) => {
        if (event.pointerType === "mouse") setHover(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") setHover(false);
      }}
    >
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => {
          setHover(false);
          setOpen((value) => !value);
        }}
        className="inline-flex min-h-11 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-700 lg:min-h-0"
      >
        <span className="inline-flex items-center gap-1 rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900">
          <UserCheck aria-hidden="true" className="h-3.5 w-3.5" />
          {t("samples.agent.badge")}
        </span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!shown}
        style={shift ? { left: `${shift}px` } : undefined}
        className="absolute left-0 z-20 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-3 text-sm [overflow-wrap:anywhere] text-slate-800 shadow-lg"
      >
        <p>
          <span className="font-medium">{t("samples.agent.agent")}</span> {badge.agent.name}
        </p>
        {phone ? (
          <p>
            <span className="font-medium">{t("samples.agent.phone")}</span> {phone}
          </p>
        ) : null}
        {badge.canCall ? (
          <a
            href={telHref(badge.agent.phone)}
            className="mt-1 inline-flex min-h-11 items-center gap-1 font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700 lg:min-h-0"
          >
            <Phone aria-hidden="true" className="h-4 w-4" />
            {t("samples.agent.call", { name: badge.agent.name })}
          </a>
        ) : null}
        {badge.testingEta ? (
          <p className="mt-1">
            <span className="font-medium">{t("samples.agent.eta")}</span> {date(badge.testingEta, "dateTime")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
