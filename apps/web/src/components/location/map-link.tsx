import { ExternalLink } from "lucide-react";

import type { Coordinates } from "@lab/contracts";

import { cn } from "@/components/ui/cn";

import { mapsUrl } from "@/utils/location";

/** 'View on map': a maps service at the coordinates, in a new tab. */
export function MapLink({
  coordinates,
  place,
  className,
}: {
  coordinates: Coordinates;
  /** Named for screen readers, since a list holds many such links. */
  place: string;
  className?: string;
}) {
  return (
    <a
      href={mapsUrl(coordinates)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`View on map for ${place} (opens in a new tab)`}
      className={cn(
        "inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700",
        className,
      )}
    >
      View on map
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
    </a>
  );
}
