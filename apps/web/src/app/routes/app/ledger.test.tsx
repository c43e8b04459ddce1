// The ledger screen and the live cache belong to different features; the route is where they meet.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { applySampleUpdate } from "@/features/notifications/utils/live-cache";
import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import LedgerRoute from "./ledger";

const box = (id: number) => screen.getByRole("checkbox", { name: `Select sample #${id}` });

/** A server with one page holding `samples`. */
const serve = (samples: ReturnType<typeof makeSample>[]) =>
  mockFetch({
    "GET /api/sample-submissions": () => ({
      body: { items: samples, total: samples.length, page: 1, size: 10, cursor: null },
    }),
  });

describe("ledger route", () => {
  beforeEach(() => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
  });
  afterEach(() => {
    logout();
  });

  it("a live update of a selected sample reaches the Email dialog (report now ready)", async () => {
    const pending = makeSample({ id: 1, status: "TESTING", emailAddress: "farm@example.com" });
    serve([pending]);
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<LedgerRoute />, { route: "/ledger" });
    await screen.findByText("Sample #1");
    await user.click(box(1));
    act(() => {
      applySampleUpdate(queryClient, { ...pending, status: "COMPLETED", reportId: 77 });
    });
    expect(await screen.findByText("Report Ready")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Email (1)" }));
    const dialog = screen.getByRole("dialog", { name: "Send Email" });
    expect(within(dialog).getByText("1 selected sample has a report")).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "Include Reports" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Selected: 1")).toBeInTheDocument();
  });
});
