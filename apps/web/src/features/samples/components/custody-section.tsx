import { Ban, CheckCircle2, ImageOff, MapPin, PackageCheck, RefreshCw, Truck } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";

import type { Collection, CollectionPhoto, Custody, CustodyEvent, CustodyKind } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { useT, type Translation } from "@/lib/i18n/use-t";
import { mapsUrl } from "@/utils/location";

import { useCollectionPhoto } from "../api/get-collection-photo";

type Words = Translation<"samples">;

const KIND_ICONS: Record<CustodyKind, ReactNode> = {
  collected: <PackageCheck aria-hidden="true" className="h-5 w-5 text-teal-700" />,
  handed_over: <Truck aria-hidden="true" className="h-5 w-5 text-sky-700" />,
  received: <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-green-700" />,
  rejected: <Ban aria-hidden="true" className="h-5 w-5 text-gray-700" />,
};

/** Degrees to five places (about a metre), in the reader's digits. */
const degrees = (words: Words, value: number) =>
  words.number(value, { minimumFractionDigits: 5, maximumFractionDigits: 5 });

function CustodyEventItem({ event, words }: { event: CustodyEvent; words: Words }) {
  const { t, date, number } = words;
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0">{KIND_ICONS[event.kind]}</span>
      <div className="min-w-0 flex-1 space-y-0.5 text-sm text-slate-700">
        <h3 className="font-semibold break-words text-slate-900">
          {t(`samples.custody.kind.${event.kind}`)}
        </h3>
        <p>
          <time dateTime={event.at}>{date(event.at, "dateTime")}</time>
        </p>
        <p className="break-words">
          {t("samples.custody.handOff", { from: event.relinquishedBy, to: event.receivedBy })}
        </p>
        {event.place ? (
          <p className="break-words">{t("samples.custody.place", { place: event.place })}</p>
        ) : null}
        {event.location ? (
          <a
            href={mapsUrl(event.location)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-1 font-medium text-teal-800 underline sm:min-h-0"
          >
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {t("samples.custody.map")}
          </a>
        ) : null}
        {event.sealIntact !== null || event.temperatureC !== null ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1">
            {event.sealIntact === null ? null : (
              <span className={event.sealIntact ? "text-green-800" : "font-medium text-red-800"}>
                {t(event.sealIntact ? "samples.custody.sealIntact" : "samples.custody.sealBroken")}
              </span>
            )}
            {event.temperatureC === null ? null : (
              <span>{t("samples.custody.temperature", { value: number(event.temperatureC) })}</span>
            )}
          </p>
        ) : null}
        {event.note ? <p className="break-words">{t("samples.custody.note", { note: event.note })}</p> : null}
      </div>
    </li>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Loads once it comes near the screen, so a long page does not fetch photos nobody scrolls to. */
function useNearScreen<E extends Element>(): [RefObject<E | null>, boolean] {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

function PhotoThumb({ sampleId, photo, index }: { sampleId: number; photo: CollectionPhoto; index: number }) {
  const { t } = useT("samples");
  const [ref, near] = useNearScreen<HTMLSpanElement>();
  const file = useCollectionPhoto(sampleId, photo.id, near);
  const url = useMemo(
    () => (file.data && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file.data) : null),
    [file.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const label = t("samples.sampling.photoAlt", {
    number: index + 1,
    kind: t(`samples.sampling.photoKind.${photo.kind}`),
  });
  if (!url) {
    return (
      <span
        ref={ref}
        role="img"
        aria-label={file.isError ? t("samples.sampling.photoFailed") : label}
        className="flex h-24 w-24 items-center justify-center rounded-lg bg-slate-100 text-slate-500"
      >
        {file.isError ? <ImageOff aria-hidden="true" className="h-6 w-6" /> : null}
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t("samples.sampling.photoOpen", { number: index + 1 })}
      className="block rounded-lg focus-visible:outline-2"
    >
      <img src={url} alt={label} loading="lazy" className="h-24 w-24 rounded-lg object-cover" />
    </a>
  );
}

/** What the agent recorded at the pond. */
function SamplingDetails({ collection, words }: { collection: Collection; words: Words }) {
  const { t, date, number } = words;
  const notRecorded = t("samples.sampling.notRecorded");
  const celsius = (value: number | null) =>
    value === null ? notRecorded : t("samples.sampling.celsius", { value: number(value) });
  const metres = (value: number) => t("samples.sampling.metres", { value: number(Math.round(value)) });
  const { position } = collection;
  return (
    <section aria-labelledby="sampling-title" className="space-y-3">
      <h2 id="sampling-title" className="text-lg font-semibold text-slate-900">
        {t("samples.sampling.title")}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label={t("samples.sampling.agent")}>{collection.agent.name}</Detail>
        <Detail label={t("samples.sampling.time")}>
          <time dateTime={collection.collectedAt}>{date(collection.collectedAt, "dateTime")}</time>
        </Detail>
        <Detail label={t("samples.sampling.position")}>
          <a
            href={mapsUrl(position)}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-teal-800 underline"
          >
            {t("samples.sampling.positionValue", {
              lat: degrees(words, position.lat),
              lng: degrees(words, position.lng),
              accuracy: number(Math.round(position.accuracyM)),
            })}
          </a>
        </Detail>
        {collection.distanceM !== null && collection.distanceFrom !== null ? (
          <Detail
            label={t(
              collection.distanceFrom === "pond"
                ? "samples.sampling.distancePond"
                : "samples.sampling.distanceFarm",
            )}
          >
            {metres(collection.distanceM)}
            {collection.distanceReason ? (
              <span className="mt-0.5 block text-amber-900">
                {t("samples.sampling.beyondRadius", {
                  radius: number(collection.radiusM),
                  reason: collection.distanceReason,
                })}
              </span>
            ) : null}
          </Detail>
        ) : null}
        <Detail label={t("samples.sampling.seals")}>{collection.seals.join(", ") || notRecorded}</Detail>
        <Detail label={t("samples.sampling.containers")}>{number(collection.containers)}</Detail>
        <Detail label={t("samples.sampling.quantity")}>
          {t(
            collection.quantityUnit === "count"
              ? "samples.sampling.quantityCount"
              : "samples.sampling.quantityGrams",
            { value: number(collection.quantity) },
          )}
        </Detail>
        <Detail label={t("samples.sampling.coldChain")}>
          {t(`samples.sampling.coldChain.${collection.coldChain}`)}
        </Detail>
        <Detail label={t("samples.sampling.waterTemp")}>{celsius(collection.waterTempC)}</Detail>
        <Detail label={t("samples.sampling.sampleTemp")}>{celsius(collection.sampleTempC)}</Detail>
        <Detail label={t("samples.sampling.farmer")}>{collection.farmerName}</Detail>
        {collection.note ? <Detail label={t("samples.sampling.note")}>{collection.note}</Detail> : null}
      </dl>
      {collection.photos.length > 0 ? (
        <div>
          <h3 className="text-xs font-medium text-slate-600">{t("samples.sampling.photos")}</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {collection.photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoThumb sampleId={collection.sampleId} photo={photo} index={index} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The chain of custody (the hand-offs, oldest first) and the sampling record, in the reader's language. */
export function CustodySection({
  custody,
  failed,
  onRetry,
}: {
  custody: Custody | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const words = useT("samples");
  const { t } = words;
  const events = useMemo(
    () => [...(custody?.events ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    [custody],
  );
  return (
    <Card>
      <CardBody className="space-y-5">
        <section aria-labelledby="custody-title">
          <h2 id="custody-title" className="text-lg font-semibold text-slate-900">
            {t("samples.custody.title")}
          </h2>
          <p className="text-sm text-slate-700">{t("samples.custody.intro")}</p>
          {failed ? (
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
              <p role="alert" className="text-sm text-red-800">
                {t("samples.custody.failed")}
              </p>
              <Button
                variant="outline"
                onClick={onRetry}
                icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
              >
                {t("samples.custody.retry")}
              </Button>
            </div>
          ) : !custody ? (
            <p className="mt-3 text-sm text-slate-700">{t("samples.custody.loading")}</p>
          ) : events.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">{t("samples.custody.empty")}</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {events.map((event) => (
                <CustodyEventItem key={event.id} event={event} words={words} />
              ))}
            </ol>
          )}
        </section>
        {custody?.collection ? <SamplingDetails collection={custody.collection} words={words} /> : null}
      </CardBody>
    </Card>
  );
}
