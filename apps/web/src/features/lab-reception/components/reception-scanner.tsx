import { Camera, ImageUp, Square } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { photoPixels, pixelsOf } from "@/lib/qr/image-pixels";
import { useT } from "@/lib/i18n/use-t";

// The decoder is fetched when the camera or a photo is first used, not with the reception page.
const loadDecoder = () => import("@/lib/qr/decode-qr");

const FRAME_SIDE = 960;
const FRAME_EVERY_MS = 150;
const PHOTO_SIDES = [1600, 3200] as const;

type Problem = "unsupported" | "denied" | "noCamera" | "failed" | "unreadable" | "noCode";

function cameraProblem(error: unknown): Problem {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (["NotAllowedError", "SecurityError", "PermissionDeniedError"].includes(name)) return "denied";
  if (["NotFoundError", "DevicesNotFoundError", "OverconstrainedError"].includes(name)) return "noCamera";
  return "failed";
}

/**
 * A container label read by the camera (stopped at the first code, so the sample can be checked) or
 * from a photo; the QR code's text goes to `onText` as if typed into the scan field.
 */
export function ReceptionScanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useT("lab");
  const photoId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return;
    video.srcObject = stream;
    void Promise.resolve(video.play()).catch(() => undefined);
    const canvas = document.createElement("canvas");
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      const { qrTextInImage } = await loadDecoder();
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const pixels = pixelsOf(video, video.videoWidth, video.videoHeight, FRAME_SIDE, canvas);
        const text = pixels ? qrTextInImage(pixels) : null;
        if (text !== null) {
          setStream(null);
          onTextRef.current(text);
          return;
        }
      }
      timer = window.setTimeout(() => void tick(), FRAME_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
  }, [stream]);

  const start = async () => {
    setProblem(null);
    const devices = (navigator as Partial<Navigator>).mediaDevices as Partial<MediaDevices> | undefined;
    if (!devices?.getUserMedia) {
      setProblem("unsupported");
      return;
    }
    setStarting(true);
    void loadDecoder();
    try {
      setStream(
        await devices.getUserMedia.call(devices, {
          audio: false,
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
        }),
      );
    } catch (error) {
      setProblem(cameraProblem(error));
    } finally {
      setStarting(false);
    }
  };

  const readPhoto = async (file: File) => {
    setProblem(null);
    setReading(true);
    try {
      const [{ qrTextInImage }, sizes] = await Promise.all([loadDecoder(), photoPixels(file, PHOTO_SIDES)]);
      if (sizes === null) {
        setProblem("unreadable");
        return;
      }
      for (const pixels of sizes) {
        const text = qrTextInImage(pixels, { thorough: true });
        if (text !== null) {
          onTextRef.current(text);
          return;
        }
      }
      setProblem("noCode");
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {stream ? (
          <Button
            variant="danger"
            className="min-h-11"
            onClick={() => setStream(null)}
            icon={<Square aria-hidden="true" className="h-5 w-5" />}
          >
            {t("lab.reception.scan.stop")}
          </Button>
        ) : (
          <Button
            variant="secondary"
            className="min-h-11"
            isLoading={starting}
            onClick={() => void start()}
            icon={<Camera aria-hidden="true" className="h-5 w-5" />}
          >
            {t("lab.reception.scan.camera")}
          </Button>
        )}
        <div>
          <input
            id={photoId}
            type="file"
            accept="image/*"
            capture="environment"
            className="peer sr-only"
            disabled={reading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void readPhoto(file);
            }}
          />
          <label
            htmlFor={photoId}
            className={buttonClasses(
              "outline",
              "md",
              "min-h-11 w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 sm:w-auto",
            )}
          >
            {reading ? <Spinner size="sm" /> : <ImageUp aria-hidden="true" className="h-5 w-5" />}
            {t("lab.reception.scan.photo")}
          </label>
        </div>
      </div>
      {stream ? (
        <video
          ref={videoRef}
          aria-label={t("lab.reception.scan.view")}
          muted
          playsInline
          autoPlay
          className="aspect-video w-full max-w-md rounded-lg bg-slate-900 object-cover"
        />
      ) : null}
      {problem ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm break-words text-red-900"
        >
          {t(`lab.reception.scan.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
