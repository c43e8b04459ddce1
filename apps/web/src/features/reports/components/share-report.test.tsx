import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";

import { ShareReport } from "./share-report";

const PDF_BYTES = "%PDF-1.7 certificate";

/** A browser whose Web Share API says yes (or no) to files, recording what it was asked to share. */
function stubShare(canShareFiles: boolean) {
  const share = vi.fn<(data: ShareData) => Promise<void>>(async () => undefined);
  const canShare = vi.fn((data?: ShareData) => canShareFiles && (data?.files?.length ?? 0) > 0);
  Object.defineProperty(navigator, "share", { value: share, configurable: true, writable: true });
  Object.defineProperty(navigator, "canShare", { value: canShare, configurable: true, writable: true });
  return share;
}

/** jsdom's File has no text(); FileReader reads it. */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsText(file);
  });

function stubPdf() {
  const fetch = vi.fn(
    async () =>
      new Response(PDF_BYTES, {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": "attachment; filename*=UTF-8''NSP-CERT-2026-007.pdf",
        },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("ShareReport", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "share");
    Reflect.deleteProperty(navigator, "canShare");
  });

  it("canShare(files) true: Share fetches the PDF and calls navigator.share with one application/pdf File and the certificate's verify link", async () => {
    const share = stubShare(true);
    const fetch = stubPdf();
    renderWithProviders(<ShareReport report={makeReport()} />);
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith("/api/reports/41/pdf", expect.anything());
    const data = share.mock.calls[0]?.[0];
    const file = data?.files?.[0];
    expect(data?.files).toHaveLength(1);
    expect(file).toBeInstanceOf(File);
    expect(file?.type).toBe("application/pdf");
    expect(file?.name).toBe("NSP-CERT-2026-007.pdf");
    expect(file && (await readText(file))).toBe(PDF_BYTES);
    expect(data?.text).toContain("NSP-CERT-2026-007");
    expect(data?.text).toContain(`${window.location.origin}/verify/NSP-CERT-2026-007`);
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("canShare(files) false: a WhatsApp link in a new tab (noopener) with the encoded certificate number and verify URL, and no fetch", async () => {
    stubShare(false);
    const fetch = stubPdf();
    renderWithProviders(<ShareReport report={makeReport()} />);
    const link = screen.getByRole("link", { name: /Share on WhatsApp/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    const href = link.getAttribute("href") ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(text).toBe(
      `AquaTest Laboratory certificate NSP-CERT-2026-007 (sample #100). Check it is genuine: ${window.location.origin}/verify/NSP-CERT-2026-007`,
    );
    expect(href).not.toContain(" ");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("no Web Share API at all (desktop browsers): the WhatsApp link", () => {
    renderWithProviders(<ShareReport report={makeReport()} />);
    expect(screen.getByRole("link", { name: /Share on WhatsApp/ })).toBeInTheDocument();
  });

  it("a revoked report is not shared: no Share button and no WhatsApp link, even where files can be shared", () => {
    stubShare(true);
    renderWithProviders(<ShareReport report={makeReport({ status: "revoked" })} />);
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("a failed report (no certificate): its PDF alone where files can be shared, with a text naming the report; hidden elsewhere", async () => {
    const failed = makeReport({
      result: "failure",
      details: { ...makeReport().details, certification: null },
    });
    const share = stubShare(true);
    stubPdf();
    const { unmount } = renderWithProviders(<ShareReport report={failed} />);
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0].text).toBe("AquaTest Laboratory test report #41 for sample #100.");
    expect(share.mock.calls[0]?.[0].files?.[0]?.type).toBe("application/pdf");
    unmount();

    stubShare(false);
    renderWithProviders(<ShareReport report={failed} />);
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
  });

  it("a share refused because the tap expired while the PDF loaded keeps the file and asks for a second tap", async () => {
    const share = stubShare(true);
    share.mockRejectedValueOnce(new DOMException("no activation", "NotAllowedError"));
    const fetch = stubPdf();
    renderWithProviders(<ShareReport report={makeReport()} />);
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    const again = await screen.findByRole("button", { name: "Tap to share the PDF" });
    await userEvent.click(again);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Share" })).toBeInTheDocument();
  });
});
