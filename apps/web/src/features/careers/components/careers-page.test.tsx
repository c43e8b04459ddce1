import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";

import { CareersPage } from "./careers-page";

describe("CareersPage", () => {
  it("openings: four, each with details that expand", async () => {
    const user = userEvent.setup();
    render(<CareersPage />);
    for (const title of [
      "Senior Marine Biologist",
      "Laboratory Technician",
      "Quality Assurance Manager",
      "Business Development Executive",
    ]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    const toggle = screen.getByRole("button", { name: "View Details for Laboratory Technician" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Receive, log and prepare samples")).toBeVisible();
  });

  it("apply with empty fields: shows required errors and no alert", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<CareersPage />);
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Please enter your full name.")).toBeInTheDocument();
    expect(screen.getByText("Please select a position.")).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it("apply with every field: thanks the applicant, clears the form, sends nothing", async () => {
    const { spy } = mockFetch({});
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<CareersPage />);
    const form = screen.getByRole("form", { name: "Job application" });
    await user.type(within(form).getByLabelText(/Full Name/), "Ravi Kumar");
    await user.type(within(form).getByLabelText(/Email/), "ravi@example.com");
    await user.type(within(form).getByLabelText(/Phone/), "+919876543210");
    await user.selectOptions(within(form).getByLabelText(/Position/), "Laboratory Technician");
    await user.type(within(form).getByLabelText(/Experience/), "2 years");
    await user.type(within(form).getByLabelText(/Education/), "B.Sc. Microbiology");
    await user.type(within(form).getByLabelText(/Cover Letter/), "I would like to join.");
    await user.click(within(form).getByRole("button", { name: "Submit Application" }));
    expect(alert).toHaveBeenCalledWith(
      "Thank you for your application! We will review it and get back to you soon.",
    );
    expect(within(form).getByLabelText(/Full Name/)).toHaveValue("");
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("CareersPage in Telugu", () => {
  it("labels, buttons and errors are Telugu; the job texts stay English, marked and announced", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    render(<CareersPage />);
    expect(screen.getByRole("heading", { level: 1, name: "ఉద్యోగాలు" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("ఉద్యోగ వివరాలు ఇంగ్లీషులో మాత్రమే అందుబాటులో ఉన్నాయి.");
    expect(screen.getByRole("heading", { name: "Laboratory Technician" }).closest("[lang]")).toHaveAttribute(
      "lang",
      "en",
    );
    expect(screen.getByRole("button", { name: "Laboratory Technician వివరాలు చూడండి" })).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "ఉద్యోగ దరఖాస్తు" });
    await user.click(within(form).getByRole("button", { name: "దరఖాస్తు పంపండి" }));
    expect(await within(form).findByText("దయచేసి మీ పూర్తి పేరు నమోదు చేయండి.")).toBeInTheDocument();
    expect(within(form).getByLabelText(/పూర్తి పేరు/)).toHaveAttribute("aria-invalid", "true");
    expect(alert).not.toHaveBeenCalled();
  });
});
