import { ExternalLink } from "lucide-react";

import type { Coordinates } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

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
  const { t } = useT("samples");
  return (
    <a
      href={mapsUrl(coordinates)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("samples.map.viewLabel", { place })}
      className={cn(
        "inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700",
        className,
      )}
    >
      {t("samples.map.view")}
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
    </a>
  );
}
