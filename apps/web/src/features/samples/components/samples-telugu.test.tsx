import { act, render, renderHook, screen } from "@testing-library/react";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";
import { makeSample } from "@/testing/sample-fixtures";
import { StatusBadge } from "@/components/ui/status-badge";
import { EventHistory, eventTitle } from "@/components/samples/event-history";

import { csvBlob, exportRow, samplesCsv, useExportLocale } from "../utils/export-samples";

// jsdom's Blob has no arrayBuffer(); FileReader reads it.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable blob"));
    reader.readAsArrayBuffer(blob);
  });

// A farmer reading Telugu sees the status and gets the CSV in Telugu, times in India time.
describe("samples in Telugu", () => {
  it("the status badge names the status in Telugu", async () => {
    render(<StatusBadge status="TESTING" />);
    expect(screen.getByText("Testing")).toBeInTheDocument();
    await act(async () => {
      await setLanguage("te");
    });
    expect(screen.getByText("పరీక్ష జరుగుతోంది")).toBeInTheDocument();
  });

  it("the CSV export: Telugu headings, status, category and test types; India time; UTF-8 with a BOM", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const { result } = renderHook(() => useExportLocale());
    const locale = result.current;
    const sample = makeSample({
      id: 42,
      status: "COLLECTED",
      shrimpCategory: "Pacific White Shrimp",
      shrimpSubCategory: "Viral Disease Screening, Allergen Testing",
      // 06:30 UTC is noon in India: the file says 12:00 wherever it is made.
      createdAt: "2025-01-10T06:30:00.000Z",
      updatedAt: "2025-01-10T20:00:00.000Z",
    });
    const csv = samplesCsv([exportRow(sample, locale)], locale.columns);
    const [header, row] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(header).toEqual([
      "నమూనా సంఖ్య",
      "స్థితి",
      "నమూనా ఇచ్చినవారి పేరు",
      "ప్రదేశం",
      "రకం",
      "పరీక్షలు",
      "పంపిన సమయం",
      "చివరి మార్పు",
    ]);
    expect(row?.[0]).toBe("42");
    expect(row?.[1]).toBe("సేకరించబడింది");
    expect(row?.[4]).toBe("వనామీ రొయ్యలు");
    expect(row?.[5]).toBe("వైరస్ వ్యాధుల పరీక్ష, అలర్జీ కారకాల పరీక్ష");
    expect(row?.[6]).toBe("2025-01-10 12:00");
    // 20:00 UTC is already the next day in India.
    expect(row?.[7]).toBe("2025-01-11 01:30");

    const bytes = await bytesOf(csvBlob([exportRow(sample, locale)], locale.columns));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("వనామీ రొయ్యలు");
  });

  it("the status history reads in Telugu, dates in India time", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    expect(eventTitle({ from: "COLLECTED", to: "TESTING" })).toBe("సేకరించబడింది → పరీక్ష జరుగుతోంది");
    expect(eventTitle({ from: "PENDING", to: "COLLECTING" })).toBe("ఏజెంట్‌ను కేటాయించారు (సేకరిస్తున్నారు)");
    render(
      <EventHistory
        events={[
          {
            id: 1,
            sampleId: 5,
            from: null,
            to: "PENDING",
            actor: "customer:7",
            by: "Asha Verma",
            note: null,
            at: "2025-01-10T20:00:00.000Z",
            kind: "move",
          },
        ]}
      />,
    );
    expect(screen.getByText("పంపారు (వేచి ఉంది)")).toBeInTheDocument();
    // 20:00 UTC is 11 January, 1:30 in the night, in India.
    expect(screen.getByText(/Asha Verma ద్వారా/)).toHaveTextContent(/11/);
  });

  it("the CSV export in English keeps the spec's columns and the raw status", () => {
    const { result } = renderHook(() => useExportLocale());
    expect(result.current.columns[0]).toBe("Sample ID");
    expect(exportRow(makeSample({ status: "PENDING" }), result.current).cells[1]).toBe("PENDING");
  });
});
