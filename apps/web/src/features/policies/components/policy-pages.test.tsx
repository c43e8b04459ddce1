import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";

import { PrivacyPolicy } from "./privacy-policy";
import { TermsOfService } from "./terms-of-service";

describe("policy pages", () => {
  it("in English: title, the date, numbered sections, and no English-only notice", () => {
    renderWithProviders(<PrivacyPolicy />);
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText("Last updated: January 2024")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "1. Information we collect" })).toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("in Telugu: headings and date in Telugu, a notice that the text is English, the text marked lang=en", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    renderWithProviders(<TermsOfService />);
    expect(screen.getByRole("heading", { level: 1, name: "సేవా నిబంధనలు" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "1. నిబంధనల అంగీకారం" })).toBeInTheDocument();
    expect(screen.getByText(/^చివరిగా మార్చినది: /)).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("ఈ పేజీ ఇంగ్లీషులో మాత్రమే అందుబాటులో ఉంది.");
    const body = screen.getByText("By creating an account or submitting a sample you agree to these terms.");
    expect(body.closest("[lang]")).toHaveAttribute("lang", "en");
  });
});
