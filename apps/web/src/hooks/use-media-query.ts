import { useCallback, useSyncExternalStore } from "react";

/** The phone layout is below 640 px (docs/product-rules.md, Layout). */
export const PHONE_QUERY = "(max-width: 639.98px)";

const canMatch = () => typeof window !== "undefined" && typeof window.matchMedia === "function";

/** Whether the media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}

export const usePhoneLayout = (): boolean => useMediaQuery(PHONE_QUERY);
