import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";

import { EnglishOnlyNotice, PublicPageLayout } from "./public-page-layout";

const page = () =>
  renderWithProviders(
    <PublicPageLayout>
      <h1>Page</h1>
      <EnglishOnlyNotice />
    </PublicPageLayout>,
  );

describe("PublicPageLayout (every public page)", () => {
  it("the header has the language picker and Back to Home; no notice in English", () => {
    page();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("combobox", { name: "Language" })).toHaveValue("en");
    expect(within(header).getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(
      within(screen.getByRole("contentinfo")).getByRole("link", { name: "Privacy Policy" }),
    ).toBeVisible();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("choosing Telugu in the header turns the header, footer and notice into Telugu", async () => {
    const user = userEvent.setup();
    page();
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "te");
    const header = screen.getByRole("banner");
    expect(await within(header).findByRole("link", { name: "హోమ్ పేజీకి వెళ్ళండి" })).toBeInTheDocument();
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("navigation", { name: "ఫుటర్" })).toBeInTheDocument();
    expect(within(footer).getByRole("link", { name: "ధ్రువపత్రాన్ని సరిచూడండి" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("ఈ పేజీ ఇంగ్లీషులో మాత్రమే అందుబాటులో ఉంది.");
    expect(document.documentElement.lang).toBe("te");
  });

  it("Hindi: the logo's name and the footer's copyright line", async () => {
    await act(async () => {
      await setLanguage("hi");
    });
    page();
    expect(screen.getByRole("link", { name: /होम पेज$/ })).toBeInTheDocument();
    expect(screen.getByText(/सर्वाधिकार सुरक्षित।$/)).toBeInTheDocument();
  });
});
