import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useEffect, useMemo, type ReactNode } from "react";

import { CLOCK_SKEW_NOTE_MS, type Collection, type CollectionPhoto } from "@lab/contracts";

import { fetchFile } from "@/lib/download-file";
import { useT } from "@/lib/i18n/use-t";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

/** A label and its value, in the console's two-column facts. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What the agent recorded at the pond, as reception and the sample's page read it: who and when,
 * where (the distance to the pond and the reason when beyond the lab's radius), seals, containers,
 * quantity, temperatures, cold chain, the farmer's hand-over and the photos.
 */
export function CollectionRecord({ collection }: { collection: Collection }) {
  const { t, date, number } = useT("lab");
  const celsius = (value: number | null) =>
    value === null ? t("lab.collection.notMeasured") : `${number(value, { maximumFractionDigits: 1 })} °C`;
  const distance =
    collection.distanceM === null || collection.distanceFrom === null
      ? t("lab.collection.distanceUnknown")
      : t(
          collection.distanceFrom === "pond" ? "lab.collection.distancePond" : "lab.collection.distanceFarm",
          {
            distance: number(Math.round(collection.distanceM)),
            radius: number(collection.radiusM),
          },
        );
  const beyond = collection.distanceM !== null && collection.distanceM > collection.radiusM;
  const skewMinutes = Math.round(Math.abs(collection.clockSkewMs) / 60_000);
  return (
    <div className="space-y-3">
      <Facts
        rows={[
          [t("lab.collection.agent"), collection.agent.name],
          [t("lab.collection.at"), date(collection.collectedAt, "dateTime")],
          [
            t("lab.collection.where"),
            <>
              <span className={beyond ? "font-semibold text-amber-900" : undefined}>{distance}</span>
              <span className="block text-xs text-slate-600">
                {t("lab.collection.gps", {
                  lat: collection.position.lat.toFixed(5),
                  lng: collection.position.lng.toFixed(5),
                  accuracy: number(Math.round(collection.position.accuracyM)),
                })}
              </span>
            </>,
          ],
          ...(collection.distanceReason
            ? ([[t("lab.collection.reason"), collection.distanceReason]] as [string, ReactNode][])
            : []),
          [t("lab.collection.seals"), collection.seals.join(", ") || "—"],
          [t("lab.collection.containers"), number(collection.containers)],
          [
            t("lab.collection.quantity"),
            t(collection.quantityUnit === "g" ? "lab.collection.grams" : "lab.collection.count", {
              quantity: number(collection.quantity),
            }),
          ],
          [t("lab.collection.waterTemp"), celsius(collection.waterTempC)],
          [t("lab.collection.sampleTemp"), celsius(collection.sampleTempC)],
          [t("lab.collection.coldChain"), t(`lab.collection.coldChain.${collection.coldChain}`)],
          [t("lab.collection.handedOverBy"), collection.farmerName],
          ...(collection.note
            ? ([[t("lab.collection.note"), collection.note]] as [string, ReactNode][])
            : []),
        ]}
      />
      {Math.abs(collection.clockSkewMs) > CLOCK_SKEW_NOTE_MS ? (
        <p className="text-xs text-slate-700">{t("lab.collection.clockSkew", { minutes: skewMinutes })}</p>
      ) : null}
      {collection.photos.length > 0 ? (
        <div>
          <h3 className="text-xs font-medium text-slate-600">{t("lab.collection.photos")}</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {collection.photos.map((photo) => (
              <li key={photo.id}>
                <PhotoThumb sampleId={collection.sampleId} photo={photo} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A photo read with the staff token (an <img> cannot send it), opened full size on a tap. */
function PhotoThumb({ sampleId, photo }: { sampleId: number; photo: CollectionPhoto }) {
  const { t } = useT("lab");
  const file = useQuery({
    queryKey: [LAB_QUERY_ROOT, "collection-photo", sampleId, photo.id],
    queryFn: () =>
      fetchFile(`/samples/${sampleId}/photos/${photo.id}`, `photo-${photo.id}.jpg`, "image/*", "staff"),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(
    () =>
      file.data && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file.data.blob) : null,
    [file.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const label = t(`lab.collection.photoKind.${photo.kind}`);
  if (!url) {
    return (
      <span
        role="img"
        aria-label={file.isError ? t("lab.collection.photoFailed") : label}
        className="flex h-20 w-20 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
      >
        {file.isError ? <ImageOff aria-hidden="true" className="h-6 w-6" /> : null}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-2">
      <img src={url} alt={label} className="h-20 w-20 rounded-lg object-cover" />
    </a>
  );
}
