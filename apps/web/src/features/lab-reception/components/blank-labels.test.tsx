import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { BlankLabels } from "./blank-labels";

describe("BlankLabels", { timeout: 15_000 }, () => {
  beforeEach(() => {
    startLabSession({
      staff: { id: 1, email: "desk@aquatest.local", name: "Desk", roles: ["analyst"], language: "en" },
      accessToken: "lab-jwt",
      expiresIn: 3600,
      tokenType: "Bearer",
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:blank", revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  });
  afterEach(() => {
    resetLabSessionCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("A4 asks for that many fresh codes with the staff token; 101 is refused before any call", async () => {
    const { callsTo } = mockFetch({ "GET /api/lab/labels/blank.pdf": { body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<BlankLabels />, { route: "/lab/reception" });
    const count = await screen.findByLabelText("Number of labels");
    await user.clear(count);
    await user.type(count, "101");
    await user.click(screen.getByRole("button", { name: "A4 sheet" }));
    expect(await screen.findByText(messages.labelCountInvalid)).toBeInTheDocument();
    expect(callsTo("GET", "/api/lab/labels/blank.pdf")).toHaveLength(0);
    await user.clear(count);
    await user.type(count, "25");
    await user.click(screen.getByRole("button", { name: "A4 sheet" }));
    await waitFor(() => expect(callsTo("GET", "/api/lab/labels/blank.pdf")).toHaveLength(1));
    const [call] = callsTo("GET", "/api/lab/labels/blank.pdf");
    expect(call?.query.get("count")).toBe("25");
    expect(call?.query.get("format")).toBe("a4");
    expect(call?.headers.Authorization).toBe("Bearer lab-jwt");
  });
});
