/** A map at a farm's or pond's point (opens the maps app on a phone). */
export const farmMapUrl = (lat: number, lng: number): string => `https://www.google.com/maps?q=${lat},${lng}`;
