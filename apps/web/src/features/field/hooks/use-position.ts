import { useEffect, useState } from "react";

import type { Fix } from "../utils/collection-rules";

export type PositionState =
  | { status: "waiting"; fix: null }
  | { status: "fixed"; fix: Fix }
  | { status: "denied" | "unavailable"; fix: Fix | null };

/** The phone's position, watched with high accuracy while the form is open: each fix replaces the last. */
export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>(() =>
    typeof navigator !== "undefined" && "geolocation" in navigator
      ? { status: "waiting", fix: null }
      : { status: "unavailable", fix: null },
  );
  useEffect(() => {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (position) =>
        setState({
          status: "fixed",
          fix: {
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            accuracyM: Math.round(position.coords.accuracy),
          },
        }),
      (error) =>
        setState((previous) => ({
          status: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable",
          fix: previous.fix,
        })),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return state;
}
