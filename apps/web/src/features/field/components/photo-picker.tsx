import { Camera, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { PHOTOS_MAX, type PhotoKind } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/use-t";

import { compressPhoto } from "../utils/compress-photo";

export interface PhotoDraft {
  id: string;
  kind: PhotoKind;
  blob: Blob;
}

function Thumbnail({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  // The object URL lives as long as the thumbnail: released when the photo goes.
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={image} alt={alt} className="h-20 w-20 rounded-md bg-slate-100 object-cover" />;
}

const KINDS: readonly PhotoKind[] = ["seal", "pond"];

/** Camera buttons for the sealed bag and the pond; each photo is made small here, with a thumbnail. */
export function PhotoPicker({
  photos,
  onChange,
}: {
  photos: PhotoDraft[];
  onChange: (photos: PhotoDraft[]) => void;
}) {
  const { t } = useT("field");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const full = photos.length >= PHOTOS_MAX;

  const add = async (kind: PhotoKind, file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailed(false);
    const blob = await compressPhoto(file);
    setBusy(false);
    if (!blob) {
      setFailed(true);
      return;
    }
    onChange([...photos, { id: crypto.randomUUID(), kind, blob }]);
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t("field.form.photos")}</legend>
      <p className="text-xs text-slate-600">{t("field.form.photosHint", { max: PHOTOS_MAX })}</p>
      <div className="flex flex-wrap gap-2">
        {KINDS.map((kind) => (
          <label
            key={kind}
            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 ${full || busy ? "pointer-events-none opacity-60" : ""}`}
          >
            <Camera aria-hidden="true" className="h-4 w-4" />
            {t(`field.form.photo.${kind}`)}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={full || busy}
              onChange={(event) => {
                const input = event.currentTarget;
                void add(kind, input.files?.[0]).finally(() => (input.value = ""));
              }}
            />
          </label>
        ))}
      </div>
      {busy ? (
        <p role="status" className="text-sm text-slate-700">
          {t("field.form.photoWorking")}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t("field.form.photoFailed")}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col items-center gap-1">
              <Thumbnail blob={photo.blob} alt={t(`field.form.photo.${photo.kind}`)} />
              <span className="text-xs text-slate-700">
                {t("field.form.photoSize", { kb: Math.ceil(photo.blob.size / 1024) })}
              </span>
              <Button
                variant="ghost"
                className="min-h-11 min-w-11"
                aria-label={t("field.form.photoRemove", { number: index + 1 })}
                onClick={() => onChange(photos.filter((other) => other.id !== photo.id))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
