import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import type { Pixels } from "../utils/decode-lot-qr";
import { qrPixels } from "../utils/qr-test-image";
import { GatePage } from "./gate-page";

const CARD = "https://portal.example.in/lots/7K3M9Q2XAB";

/**
 * jsdom draws nothing: the browser's picture decoding and canvas are replaced at their edge, handing
 * the decoder the pixels of a real QR code (or of a blank page).
 */
function browserSees(pixels: () => Pixels) {
  vi.stubGlobal("createImageBitmap", async (file: Blob) => {
    if (file.type === "text/plain") throw new DOMException("not a picture", "InvalidStateError");
    return { width: 4000, height: 3000, close: () => undefined };
  });
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({
        drawImage: () => undefined,
        getImageData: () => {
          const { data, width, height } = pixels();
          return { data, width, height, colorSpace: "srgb" };
        },
      }) as never,
  );
}

const photo = (name = "card.jpg", type = "image/jpeg") => new File(["jpeg"], name, { type });

describe("GatePage scanning", () => {
  beforeEach(() => {
    mockFetch({});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("a photo of a lot card adds its code to the list once, said on screen; Check sends it", async () => {
    const { callsTo } = mockFetch({ "POST /api/lots/check": { body: { items: [] } } });
    browserSees(() => qrPixels(CARD));
    const user = userEvent.setup();
    renderWithProviders(<GatePage />, { route: "/gate" });
    await user.type(await screen.findByLabelText("Lot codes"), "ABCD EFGH JK");

    await user.upload(screen.getByLabelText("Read a photo of the card"), photo());
    expect(await screen.findByText("Added 7K3M9Q2XAB.")).toBeInTheDocument();
    expect(screen.getByLabelText("Lot codes")).toHaveValue("ABCD EFGH JK\n7K3M9Q2XAB");

    await user.upload(screen.getByLabelText("Read a photo of the card"), photo());
    expect(await screen.findByText("7K3M9Q2XAB is already in the list.")).toBeInTheDocument();
    expect(screen.getByLabelText("Lot codes")).toHaveValue("ABCD EFGH JK\n7K3M9Q2XAB");

    await user.click(screen.getByRole("button", { name: "Check" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lots/check")[0]?.body).toEqual({ codes: ["ABCDEFGHJK", "7K3M9Q2XAB"] }),
    );
  });

  it("a photo without a lot card's QR code, or a file that is no picture, adds nothing and says why", async () => {
    let shown = qrPixels("https://example.com/menu");
    browserSees(() => shown);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<GatePage />, { route: "/gate" });
    const input = await screen.findByLabelText("Read a photo of the card");
    expect(input).toHaveAttribute("accept", "image/*");
    expect(input).toHaveAttribute("capture", "environment");

    await user.upload(input, photo());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No lot card QR code was found in this photo. Take it closer, with the whole code in view.",
    );
    shown = { width: 10, height: 10, data: new Uint8ClampedArray(400).fill(255) };
    await user.upload(input, photo("blank.png", "image/png"));
    expect(await screen.findByRole("alert")).toHaveTextContent("No lot card QR code was found");
    await user.upload(input, photo("notes.txt", "text/plain"));
    expect(await screen.findByRole("alert")).toHaveTextContent("This file could not be read as a picture.");
    expect(screen.getByLabelText("Lot codes")).toHaveValue("");
  });

  it("the camera opens facing the rear, adds each card it sees once with a beep, and Stop turns it off", async () => {
    browserSees(() => qrPixels(CARD));
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
    vi.stubGlobal(
      "navigator",
      Object.assign(Object.create(navigator) as Navigator, {
        mediaDevices: { getUserMedia },
        vibrate: vi.fn(() => true),
      }),
    );
    const beeps = vi.fn();
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          start: beeps,
          stop: () => undefined,
        };
      }
      createGain() {
        return { gain: { value: 0 }, connect: (next: unknown) => next };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    // A playing camera: a frame is there to read.
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
    vi.spyOn(HTMLVideoElement.prototype, "videoWidth", "get").mockReturnValue(1280);
    vi.spyOn(HTMLVideoElement.prototype, "videoHeight", "get").mockReturnValue(720);

    const user = userEvent.setup();
    renderWithProviders(<GatePage />, { route: "/gate" });
    await user.click(await screen.findByRole("button", { name: "Scan with camera" }));
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({ facingMode: { ideal: "environment" } }),
      }),
    );
    expect(await screen.findByLabelText("Camera view")).toBeInTheDocument();
    expect(await screen.findByText("Added 7K3M9Q2XAB.")).toBeInTheDocument();
    // The card stays in front of the camera: frame after frame, the code is added once.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByLabelText("Lot codes")).toHaveValue("7K3M9Q2XAB");
    expect(beeps).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Stop camera" }));
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByLabelText("Camera view")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Scan with camera" })).toBeInTheDocument();
  });

  it("a camera refused, missing or unavailable is said in words, with the other ways to give codes", async () => {
    const cases: [DOMException, string][] = [
      [new DOMException("Permission denied", "NotAllowedError"), "The camera was not allowed."],
      [
        new DOMException("Requested device not found", "NotFoundError"),
        "No camera was found on this device.",
      ],
      [
        new DOMException("Could not start video source", "NotReadableError"),
        "The camera could not be started.",
      ],
    ];
    const user = userEvent.setup();
    for (const [failure, said] of cases) {
      vi.stubGlobal(
        "navigator",
        Object.assign(Object.create(navigator) as Navigator, {
          mediaDevices: {
            getUserMedia: vi.fn(async () => {
              throw failure;
            }),
          },
        }),
      );
      const { unmount } = renderWithProviders(<GatePage />, { route: "/gate" });
      await user.click(await screen.findByRole("button", { name: "Scan with camera" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(said);
      expect(screen.queryByLabelText("Camera view")).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
    // An insecure page or an old browser has no camera call at all.
    vi.stubGlobal(
      "navigator",
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: undefined }),
    );
    renderWithProviders(<GatePage />, { route: "/gate" });
    await user.click(await screen.findByRole("button", { name: "Scan with camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This browser cannot open the camera here. Read a photo of the card, or type the code.",
    );
  });
});
