// "Use my location": the browser's position, checked against India's bounds.
import { inIndia, type Coordinates } from "@lab/contracts";

export type DevicePosition = { kind: "ok"; coordinates: Coordinates } | { kind: "error"; message: string };

const PERMISSION_DENIED = 1;
// Five decimals are about a metre: more is noise from the device, not precision.
const round = (value: number) => Math.round(value * 100_000) / 100_000;

/** The device's position, or the message that says why there is none (refused, outside India…). */
export function devicePosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation) {
  return new Promise<DevicePosition>((resolve) => {
    if (!geolocation) {
      resolve({ kind: "error", message: "locationUnsupported" });
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const coordinates = { lat: round(coords.latitude), lng: round(coords.longitude) };
        resolve(
          inIndia(coordinates)
            ? { kind: "ok", coordinates }
            : { kind: "error", message: "locationOutsideIndia" },
        );
      },
      (error) =>
        resolve({
          kind: "error",
          message: error.code === PERMISSION_DENIED ? "locationDenied" : "locationUnavailable",
        }),
      // A press asks for where the phone is now: a cached fix may be from the last farm.
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}
