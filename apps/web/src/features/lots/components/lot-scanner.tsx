import { Camera, ImageUp, Square } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";

import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { useT } from "@/lib/i18n/use-t";

import type { ScannedCode } from "../utils/parse-codes";
import { photoPixels, pixelsOf } from "@/lib/qr/image-pixels";

// The decoder is fetched when the camera or a photo is first used, not with the gate page.
const loadDecoder = () => import("../utils/decode-lot-qr");

/** Camera frames are read at this size, this often: enough for a card held up, light on a phone. */
const FRAME_SIDE = 960;
const FRAME_EVERY_MS = 150;
/** A photo is read small first, then larger when that found nothing. */
const PHOTO_SIDES = [1600, 3200] as const;
/** The same code seen again within this time says nothing more (the card is still in front). */
const QUIET_MS = 2500;

interface Notice {
  tone: "ok" | "info" | "error";
  text: string;
}

type Problem = "unsupported" | "denied" | "noCamera" | "failed";

function cameraProblem(error: unknown): Problem {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (["NotAllowedError", "SecurityError", "PermissionDeniedError"].includes(name)) return "denied";
  if (["NotFoundError", "DevicesNotFoundError", "OverconstrainedError"].includes(name)) return "noCamera";
  return "failed";
}

/** A short beep and a buzz where the phone has them: the gatekeeper need not look at the screen. */
function makeCue(): { play: () => void; close: () => void } {
  const Context = (window as Partial<Window & typeof globalThis>).AudioContext;
  let context: AudioContext | null = null;
  try {
    context = Context ? new Context() : null;
  } catch {
    context = null;
  }
  return {
    play: () => {
      (navigator as Partial<Navigator>).vibrate?.call(navigator, [80]);
      if (!context) return;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = 880;
      volume.gain.value = 0.2;
      tone.connect(volume).connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.12);
    },
    close: () => void context?.close().catch(() => undefined),
  };
}

/**
 * The receiving desk's scanner: the phone's rear camera reads lot cards' QR codes one after another,
 * or a photo of a card is read. Each code read is handed to `onCode`, which adds it to the list.
 */
export function LotScanner({ onCode }: { onCode: (code: string) => ScannedCode }) {
  const { t } = useT("lots");
  const photoId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [reading, setReading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [flash, setFlash] = useState(false);
  const cue = useRef<ReturnType<typeof makeCue> | null>(null);
  const lastSeen = useRef(new Map<string, number>());
  // The latest list, for a camera loop started several renders ago.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => () => cue.current?.close(), []);

  const found = useCallback(
    (codes: readonly string[], fromCamera: boolean) => {
      const now = Date.now();
      for (const code of codes) {
        if (fromCamera && now - (lastSeen.current.get(code) ?? 0) < QUIET_MS) continue;
        lastSeen.current.set(code, now);
        const result = onCodeRef.current(code);
        if (result === "added") {
          cue.current?.play();
          setFlash(true);
          setNotice({ tone: "ok", text: t("lots.scan.added", { code }) });
        } else if (result === "already") {
          setNotice({ tone: "info", text: t("lots.scan.already", { code }) });
        } else {
          setNotice({ tone: "error", text: t("lots.scan.full") });
        }
      }
    },
    [t],
  );

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(false), 700);
    return () => window.clearTimeout(timer);
  }, [flash]);

  // While the camera runs, a frame is read every FRAME_EVERY_MS; stopping ends the camera's tracks.
  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return;
    video.srcObject = stream;
    void Promise.resolve(video.play()).catch(() => undefined);
    const canvas = document.createElement("canvas");
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      const { lotCodesInImage } = await loadDecoder();
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const pixels = pixelsOf(video, video.videoWidth, video.videoHeight, FRAME_SIDE, canvas);
        if (pixels) found(lotCodesInImage(pixels), true);
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
  }, [stream, found]);

  const start = async () => {
    setNotice(null);
    // Made on a tap: browsers let sound play only after one.
    cue.current ??= makeCue();
    const devices = (navigator as Partial<Navigator>).mediaDevices as Partial<MediaDevices> | undefined;
    if (!devices?.getUserMedia) {
      setNotice({ tone: "error", text: t("lots.scan.unsupported") });
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
      setNotice({ tone: "error", text: t(`lots.scan.${cameraProblem(error)}`) });
    } finally {
      setStarting(false);
    }
  };

  const readPhoto = async (file: File) => {
    setNotice(null);
    cue.current ??= makeCue();
    setReading(true);
    try {
      const [{ lotCodesInImage }, sizes] = await Promise.all([loadDecoder(), photoPixels(file, PHOTO_SIDES)]);
      if (sizes === null) {
        setNotice({ tone: "error", text: t("lots.scan.unreadable") });
        return;
      }
      for (const pixels of sizes) {
        const codes = lotCodesInImage(pixels, { thorough: true });
        if (codes.length > 0) {
          found(codes, false);
          return;
        }
      }
      setNotice({ tone: "error", text: t("lots.scan.noCode") });
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
            size="lg"
            onClick={() => setStream(null)}
            icon={<Square aria-hidden="true" className="h-5 w-5" />}
          >
            {t("lots.scan.stop")}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="lg"
            isLoading={starting}
            onClick={() => void start()}
            icon={<Camera aria-hidden="true" className="h-5 w-5" />}
          >
            {t("lots.scan.start")}
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
              // The same photo chosen twice is read twice.
              event.target.value = "";
              if (file) void readPhoto(file);
            }}
          />
          <label
            htmlFor={photoId}
            className={buttonClasses(
              "outline",
              "lg",
              "w-full cursor-pointer min-h-11 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 sm:w-auto",
            )}
          >
            {reading ? <Spinner size="sm" /> : <ImageUp aria-hidden="true" className="h-5 w-5" />}
            {t("lots.scan.photo")}
          </label>
        </div>
      </div>
      {stream ? (
        <div className="space-y-2">
          <video
            ref={videoRef}
            aria-label={t("lots.scan.view")}
            muted
            playsInline
            autoPlay
            className={cn(
              "aspect-video w-full max-w-xl rounded-lg bg-slate-900 object-cover ring-4 transition-shadow",
              flash ? "ring-green-600" : "ring-transparent",
            )}
          />
          <p className="text-sm text-slate-700">{t("lots.scan.hint")}</p>
        </div>
      ) : null}
      <p
        role="status"
        className={cn(
          "text-base font-semibold break-words",
          notice?.tone === "ok" ? "text-green-800" : "text-slate-800",
        )}
      >
        {notice && notice.tone !== "error" ? notice.text : ""}
      </p>
      {notice?.tone === "error" ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm break-words text-red-900"
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
