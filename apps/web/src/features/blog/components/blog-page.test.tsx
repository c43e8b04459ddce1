import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";

import { BlogPage } from "./blog-page";

const articleTitles = () =>
  screen.queryAllByRole("article").map((article) => article.querySelector("h2")?.textContent);

describe("BlogPage", () => {
  it("initially: five articles under All Posts", () => {
    render(<BlogPage />);
    expect(screen.getAllByRole("article")).toHaveLength(5);
    expect(screen.getByRole("button", { name: "All Posts" })).toHaveAttribute("aria-pressed", "true");
  });

  it("category filter: shows only that category", async () => {
    const user = userEvent.setup();
    render(<BlogPage />);
    await user.click(screen.getByRole("button", { name: "Water Quality" }));
    expect(articleTitles()).toEqual(["Five Water Quality Parameters Every Shrimp Farmer Should Track"]);
  });

  it("search with no match: shows 'No articles found'", async () => {
    const user = userEvent.setup();
    render(<BlogPage />);
    await user.type(screen.getByPlaceholderText("Search articles..."), "zzzz");
    expect(screen.getByText("No articles found")).toBeInTheDocument();
  });

  it("Read More / Read Less: toggles the full article", async () => {
    const user = userEvent.setup();
    render(<BlogPage />);
    const [first] = screen.getAllByRole("button", { name: "Read More" });
    if (!first) throw new Error("no Read More button");
    await user.click(first);
    expect(first).toHaveTextContent("Read Less");
    expect(first).toHaveAttribute("aria-expanded", "true");
  });
});

describe("BlogPage in Telugu", () => {
  it("the page's own texts are Telugu; the English articles say so and are marked lang=en", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    render(<BlogPage />);
    expect(screen.getByRole("heading", { level: 1, name: "ఆక్వాకల్చర్ సమాచార బ్లాగ్" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("వ్యాసాలు ఇంగ్లీషులో మాత్రమే అందుబాటులో ఉన్నాయి.");
    expect(screen.getByRole("button", { name: "అన్ని వ్యాసాలు" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByRole("button", { name: "మరింత చదవండి" })).toHaveLength(5);
    const title = screen.getByRole("heading", {
      name: "Early Detection of White Spot Syndrome in Shrimp Farms",
    });
    expect(title).toHaveAttribute("lang", "en");
  });

  it("in English there is no English-only notice", () => {
    render(<BlogPage />);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});
