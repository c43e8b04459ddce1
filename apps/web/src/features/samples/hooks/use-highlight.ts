import { useEffect, useState } from "react";

import { HIGHLIGHT_DURATION_MS } from "@lab/contracts";

/**
 * The sample named by ?highlight= stays highlighted for 3000 ms once it is on screen, and is scrolled
 * into view. `present` says whether its card is rendered yet.
 */
export function useHighlight(id: string | null, present: boolean): string | null {
  const [done, setDone] = useState<string | null>(null);
  const active = id !== null && present && done !== id;

  useEffect(() => {
    if (!active) return;
    const element = document.getElementById(`sample-${id}`);
    if (element && typeof element.scrollIntoView === "function") {
      element.scrollIntoView({ behavior: "smooth", block: "center" });
    }
    const timer = setTimeout(() => setDone(id), HIGHLIGHT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [active, id]);

  return active ? id : null;
}
