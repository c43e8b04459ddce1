import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { languages } from "@lab/contracts";

import { SiteFooter } from "@/components/layouts/site-footer";
import { initialLanguage, setLanguage } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";

import { AboutSection } from "./about-section";
import { HeroSection } from "./hero-section";
import { LandingHeader } from "./landing-header";
import { ServicesSection } from "./services-section";

const landing = () =>
  renderWithProviders(
    <>
      <LandingHeader />
      <main>
        <HeroSection authCard={<div />} />
        <ServicesSection />
        <AboutSection />
      </main>
      <SiteFooter />
    </>,
  );

describe("the landing page's language picker (signed out)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("choosing Telugu turns the page into Telugu, sets <html lang> and is remembered", async () => {
    const user = userEvent.setup();
    landing();
    expect(
      screen.getByRole("heading", { level: 1, name: "Reliable shrimp testing for safer aquaculture" }),
    ).toBeInTheDocument();
    const picker = within(screen.getByRole("banner")).getByRole("combobox", { name: "Language" });
    // Each language is offered in its own script, marked with its lang for screen readers.
    expect(within(picker).getByRole("option", { name: "తెలుగు" })).toHaveAttribute("lang", "te");

    await user.selectOptions(picker, "te");

    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "సురక్షితమైన ఆక్వాకల్చర్ కోసం నమ్మకమైన రొయ్యల పరీక్షలు",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "మా పరీక్ష సేవలు" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "రొయ్యల వ్యాధులు" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "మెనూ తెరవండి" })).toBeInTheDocument();
    expect(screen.queryByText("Our testing services")).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe("te");
    expect(screen.getByRole("combobox", { name: "భాష" })).toHaveValue("te");
    // A reload starts from the stored choice.
    expect(initialLanguage()).toBe("te");
  });

  it("with nothing stored, the browser's languages decide: hi-IN gives Hindi", () => {
    window.localStorage.clear();
    vi.stubGlobal("navigator", { ...navigator, languages: ["hi-IN", "en-US"] });
    expect(initialLanguage()).toBe("hi");
  });

  it("the picker is a labelled native select (keyboard and the phone's own list) of the 8 languages", () => {
    landing();
    const picker = screen.getByRole("combobox", { name: "Language" });
    expect(picker.tagName).toBe("SELECT");
    expect(within(picker).getAllByRole("option")).toHaveLength(8);
  });

  it("switching back to English restores the English texts", async () => {
    landing();
    await act(async () => {
      await setLanguage("te");
    });
    expect(screen.getByRole("heading", { name: "మా ప్రయోగశాల గురించి" })).toBeInTheDocument();
    await act(async () => {
      await setLanguage("en");
    });
    expect(screen.getByRole("heading", { name: "About our laboratory" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });
});

describe("the landing page in every language", () => {
  it.each(languages.map((language) => language.code))(
    "%s: every text has its message (no key shows), in the language's script",
    async (code) => {
      await act(async () => {
        await setLanguage(code);
      });
      landing();
      const text = document.body.textContent;
      expect(text).not.toMatch(/\b(public|common)\.[a-z]/);
      expect(document.documentElement.lang).toBe(code);
      // Translated, not English left in place.
      if (code !== "en")
        expect(screen.getByRole("heading", { level: 1 }).textContent).not.toMatch(/[A-Za-z]/);
    },
  );
});
