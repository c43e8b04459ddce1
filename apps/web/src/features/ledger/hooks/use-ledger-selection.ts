import { useCallback, useState } from "react";

import type { Sample } from "@lab/contracts";

/**
 * The ledger's selection: samples by id, kept across pages, searches and filters until cleared (not
 * in the URL, so a reload clears it). `refresh` swaps in the newest copy of selected samples that a
 * page fetch or a live update brought, so the dialog and the export see the current status and report.
 */
export function useLedgerSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<number, Sample>>(() => new Map());

  const toggle = useCallback((sample: Sample) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(sample.id)) next.delete(sample.id);
      else next.set(sample.id, sample);
      return next;
    });
  }, []);

  const selectAll = useCallback((samples: readonly Sample[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const sample of samples) next.set(sample.id, sample);
      return next;
    });
  }, []);

  const deselectAll = useCallback((samples: readonly Sample[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const sample of samples) next.delete(sample.id);
      return next;
    });
  }, []);

  const clear = useCallback(() => setSelected(new Map()), []);

  const refresh = useCallback((samples: readonly Sample[]) => {
    setSelected((current) => {
      const stale = samples.filter((sample) => {
        const known = current.get(sample.id);
        return known !== undefined && known !== sample;
      });
      if (stale.length === 0) return current;
      const next = new Map(current);
      for (const sample of stale) next.set(sample.id, sample);
      return next;
    });
  }, []);

  return { selected, toggle, selectAll, deselectAll, clear, refresh };
}

/** The page toggle reads Deselect Page only when every row of the page is selected. */
export function isPageSelected(selected: ReadonlyMap<number, Sample>, page: readonly Sample[]): boolean {
  return page.length > 0 && page.every((sample) => selected.has(sample.id));
}
