import { ExternalLink } from "lucide-react";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

import { farmMapUrl } from "../utils/map-url";

/** "Map" at a farm's or pond's point, in a new tab; named for screen readers by its place. */
export function FarmMapLink({
  lat,
  lng,
  place,
  className,
}: {
  lat: number;
  lng: number;
  place: string;
  className?: string;
}) {
  const { t } = useT("farms");
  return (
    <a
      href={farmMapUrl(lat, lng)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("farms.map.label", { place })}
      className={cn(
        "inline-flex min-h-11 items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700",
        className,
      )}
    >
      {t("farms.map.open")}
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
    </a>
  );
}
