import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HIGHLIGHT_DURATION_MS, STATUS_GROUPS, messages, type Sample } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample, makeSummary } from "@/testing/sample-fixtures";

import { SampleHistory } from "./sample-history";

const LIST = "/api/sample-submissions";
const SUMMARY = "/api/sample-submissions/summary";

/** A server over `samples`: status groups, page and size as the API does them. */
function listHandler(samples: Sample[]) {
  return (request: MockRequest) => {
    const status = request.query.get("status") ?? "all";
    const size = Number(request.query.get("size") ?? 10);
    const statuses: readonly string[] | undefined =
      status === "all" ? undefined : STATUS_GROUPS[status as keyof typeof STATUS_GROUPS];
    const matching = samples.filter((sample) => !statuses || statuses.includes(sample.status));
    // ?highlight= answers the page that holds the sample, as the API does.
    const at = matching.findIndex((sample) => String(sample.id) === request.query.get("highlight"));
    const page = at >= 0 ? Math.floor(at / size) + 1 : Number(request.query.get("page") ?? 1);
    return {
      body: { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, size },
    };
  };
}

function summaryOf(samples: Sample[]) {
  const count = (group: keyof typeof STATUS_GROUPS) =>
    samples.filter((sample) => (STATUS_GROUPS[group] as readonly string[]).includes(sample.status)).length;
  return makeSummary({
    total: samples.length,
    pending: count("pending"),
    collected: count("collected"),
    testing: count("testing"),
    completed: count("completed"),
    earliestCreatedAt: samples.length ? "2025-01-02T05:00:00.000Z" : null,
  });
}

function serve(samples: Sample[]) {
  return mockFetch({
    [`GET ${LIST}`]: listHandler(samples),
    [`GET ${SUMMARY}`]: { body: summaryOf(samples) },
  });
}

const render = (route = "/samples") =>
  renderWithProviders(<SampleHistory />, {
    route,
    path: "/samples",
    extraRoutes: [
      { path: "/submit-sample", element: <h1>Submit page</h1> },
      { path: "/timeline/:id", element: <h1>Timeline page</h1> },
      { path: "/reports", element: <h1>Reports page</h1> },
    ],
  });

const many = (count: number, status: Sample["status"] = "PENDING") =>
  Array.from({ length: count }, (_, index) => makeSample({ id: 1000 + index, status }));

describe("SampleHistory", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.useRealTimers();
  });

  it("query status=completed: preselects the filter and asks the server for that group, page 1 of 10", async () => {
    const { callsTo } = serve([makeSample({ id: 1, status: "COMPLETED" }), makeSample({ id: 2 })]);
    render("/samples?status=completed");
    expect(await screen.findByRole("heading", { name: "Sample #1" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sample #2" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("completed");
    const query = callsTo("GET", LIST)[0]?.query;
    expect(query?.get("status")).toBe("completed");
    expect(query?.get("page")).toBe("1");
    expect(query?.get("size")).toBe("10");
  });

  it("the Rejected filter asks the server for the rejected group; its card wears the gray Rejected badge and opens its page", async () => {
    const { callsTo } = serve([makeSample({ id: 1, status: "REJECTED" }), makeSample({ id: 2 })]);
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByRole("heading", { name: "Sample #2" })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Status"), "Rejected");
    await waitFor(() => expect(router.state.location.search).toBe("?status=rejected"));
    const card = (await screen.findByRole("heading", { name: "Sample #1" })).closest(
      "article",
    ) as HTMLElement;
    expect(screen.queryByRole("heading", { name: "Sample #2" })).not.toBeInTheDocument();
    expect(callsTo("GET", LIST).at(-1)?.query.get("status")).toBe("rejected");
    expect(within(card).getByText("Rejected", { selector: "span" })).toHaveClass("bg-gray-100");
    await user.click(within(card).getByRole("link", { name: /View Timeline/ }));
    expect(await screen.findByRole("heading", { name: "Timeline page" })).toBeInTheDocument();
  });

  it("summary tiles: five, with counts; clicking one selects its filter", async () => {
    serve([
      makeSample({ id: 1, status: "COMPLETED" }),
      makeSample({ id: 2 }),
      makeSample({ id: 3, status: "COLLECTING" }),
    ]);
    const user = userEvent.setup();
    const { router } = render();
    const summary = await screen.findByRole("region", { name: "Summary" });
    await within(summary).findByText("3");
    const tiles = within(summary)
      .getAllByRole("button")
      .filter((button) => button.getAttribute("aria-pressed") !== null);
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      "Total3",
      "Pending2",
      "Collected0",
      "Testing0",
      "Completed1",
    ]);
    await user.click(within(summary).getByRole("button", { name: /Pending/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=pending"));
    expect(await screen.findByRole("heading", { name: "Sample #3" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sample #1" })).not.toBeInTheDocument();
    await user.click(within(summary).getByRole("button", { name: "Summary" }));
    expect(within(summary).queryByRole("button", { name: /Pending/ })).not.toBeInTheDocument();
  });

  it("pager: at most 5 page buttons; changing page size or filter returns to page 1", async () => {
    const { callsTo } = serve(many(120));
    const user = userEvent.setup();
    render();
    await screen.findByRole("heading", { name: "Sample #1000" });
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    const pageButtons = () => within(pager).getAllByRole("button", { name: /^Page \d+$/ });
    expect(pageButtons()).toHaveLength(5);
    expect(screen.getByText("Showing 1-10 of 120")).toBeInTheDocument();

    await user.click(within(pager).getByRole("button", { name: "Page 4" }));
    expect(await screen.findByRole("heading", { name: "Sample #1030" })).toBeInTheDocument();
    expect(pageButtons().map((button) => button.textContent)).toEqual(["2", "3", "4", "5", "6"]);
    expect(within(pager).getByRole("button", { name: "Page 4" })).toHaveAttribute("aria-current", "page");

    await user.selectOptions(screen.getByLabelText("Per page"), "25");
    expect(await screen.findByText("Showing 1-25 of 120")).toBeInTheDocument();
    expect(callsTo("GET", LIST).at(-1)?.query.get("page")).toBe("1");

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Showing 26-50 of 120")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Status"), "pending");
    expect(await screen.findByText("Showing 1-25 of 120")).toBeInTheDocument();
    const last = callsTo("GET", LIST).at(-1)?.query;
    expect([last?.get("status"), last?.get("page"), last?.get("size")]).toEqual(["pending", "1", "25"]);
  });

  it("page sizes offered: 5, 10, 25, 50 with 10 chosen", async () => {
    serve(many(3));
    render();
    await screen.findByRole("heading", { name: "Sample #1000" });
    const select = screen.getByLabelText("Per page");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["5", "10", "25", "50"]);
    expect(select).toHaveValue("10");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("query highlight: the card is highlighted for 3000 ms, then not", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve([makeSample({ id: 7 }), makeSample({ id: 8 })]);
    render("/samples?highlight=8");
    const card = (await screen.findByRole("heading", { name: "Sample #8" })).closest("article");
    expect(card).toHaveAttribute("data-highlighted", "true");
    expect(screen.getByRole("heading", { name: "Sample #7" }).closest("article")).not.toHaveAttribute(
      "data-highlighted",
    );
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS - 50);
    });
    expect(card).toHaveAttribute("data-highlighted", "true");
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(card).not.toHaveAttribute("data-highlighted");
  });

  it("query highlight of a sample on page 3: the page that holds it opens, the card highlighted", async () => {
    const { callsTo } = serve(
      Array.from({ length: 25 }, (_, index) => makeSample({ id: 100 - index, status: "PENDING" })),
    );
    render("/samples?highlight=77");
    const card = (await screen.findByRole("heading", { name: "Sample #77" })).closest("article");
    expect(card).toHaveAttribute("data-highlighted", "true");
    expect(screen.getByText("Showing 21-25 of 25")).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Pagination" })).getByRole("button", {
        name: /3/,
        current: "page",
      }),
    ).toBeInTheDocument();
    expect(callsTo("GET", LIST).some((call) => call.query.get("highlight") === "77")).toBe(true);
  });

  it("cards of completed samples: a revoked report (no replacement yet) shows Revoked beside Completed, a replacement shows Report replaced, a standing one neither", async () => {
    serve([
      makeSample({ id: 1, status: "COMPLETED", reportId: 11, reportRevocation: "revoked" }),
      makeSample({ id: 2, status: "COMPLETED", reportId: 12, reportRevocation: "replaced" }),
      makeSample({ id: 3, status: "COMPLETED", reportId: 13, reportRevocation: null }),
    ]);
    render();
    const card = async (id: number) =>
      within(
        (await screen.findByRole("heading", { name: `Sample #${id}` })).closest("article") as HTMLElement,
      );
    expect((await card(1)).getByText("Completed")).toBeInTheDocument();
    expect((await card(1)).getByText("Revoked")).toBeInTheDocument();
    expect((await card(2)).getByText("Report replaced")).toBeInTheDocument();
    expect((await card(2)).queryByText("Revoked")).not.toBeInTheDocument();
    expect((await card(3)).queryByText("Revoked")).not.toBeInTheDocument();
    expect((await card(3)).queryByText("Report replaced")).not.toBeInTheDocument();
  });

  it("cards: labels, View Details, View Timeline only for testing/completed, View Report only for completed", async () => {
    serve([
      makeSample({ id: 1, status: "PENDING" }),
      makeSample({ id: 2, status: "COLLECTED" }),
      makeSample({ id: 3, status: "TESTING" }),
      makeSample({ id: 4, status: "COMPLETED", emailAddress: "lab@farm.in" }),
    ]);
    const user = userEvent.setup();
    render();
    const card = async (id: number) =>
      within(
        (await screen.findByRole("heading", { name: `Sample #${id}` })).closest("article") as HTMLElement,
      );
    expect((await card(1)).getByText("Pending")).toBeInTheDocument();
    expect((await card(2)).getByText("COLLECTED")).toBeInTheDocument();
    expect((await card(3)).getByText("Testing")).toBeInTheDocument();
    expect((await card(4)).getByText("Completed")).toBeInTheDocument();
    for (const id of [1, 2]) {
      expect((await card(id)).queryByRole("link", { name: "View Timeline" })).not.toBeInTheDocument();
      expect((await card(id)).queryByRole("link", { name: "View Report" })).not.toBeInTheDocument();
    }
    expect((await card(3)).getByRole("link", { name: "View Timeline" })).toHaveAttribute(
      "href",
      "/timeline/3",
    );
    expect((await card(3)).queryByRole("link", { name: "View Report" })).not.toBeInTheDocument();
    expect((await card(4)).getByRole("link", { name: "View Report" })).toHaveAttribute("href", "/reports");

    const four = await card(4);
    expect(four.queryByText("lab@farm.in")).not.toBeVisible();
    await user.click(four.getByRole("button", { name: "View Details" }));
    expect(four.getByText("lab@farm.in")).toBeVisible();
    expect(four.getByRole("button", { name: "Hide Details" })).toHaveAttribute("aria-expanded", "true");
  });

  it("cards: the list is ordered by the last change, so each card leads with 'Updated …' and still shows the submission date", async () => {
    serve([
      makeSample({ id: 5, createdAt: "2025-01-02T05:00:00.000Z", updatedAt: "2025-03-04T06:30:00.000Z" }),
    ]);
    render();
    const card = within(
      (await screen.findByRole("heading", { name: "Sample #5" })).closest("article") as HTMLElement,
    );
    const updated = card.getByText(/^Updated /);
    const submitted = card.getByText(/^Submitted /);
    expect(updated.textContent).toMatch(/4 Mar 2025|Mar 4, 2025|04\/03\/2025/);
    expect(submitted.textContent).toMatch(/2 Jan 2025|Jan 2, 2025|02\/01\/2025/);
    // Updated comes first, where the eye lands.
    expect(updated.compareDocumentPosition(submitted) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("Agent Assigned: tooltip with name and phone; call link only while COLLECTING; ETA when present", async () => {
    serve([
      makeSample({ id: 1, status: "COLLECTING", assigned: "Suresh Babu-+91 90000 11111" }),
      makeSample({
        id: 2,
        status: "TESTING",
        assigned: "Meena-+91 90000 22222",
        testingEta: "2025-02-01T10:00:00.000Z",
      }),
      makeSample({ id: 3, status: "COLLECTED", assigned: "Ravi-+91 90000 33333" }),
      makeSample({ id: 4, status: "COLLECTING", assigned: "" }),
    ]);
    const user = userEvent.setup();
    render();
    const card = async (id: number) =>
      within(
        (await screen.findByRole("heading", { name: `Sample #${id}` })).closest("article") as HTMLElement,
      );

    const one = await card(1);
    await user.click(one.getByRole("button", { name: "Agent Assigned" }));
    expect(one.getByText("Suresh Babu")).toBeVisible();
    expect(one.getByText("+91 90000 11111")).toBeVisible();
    expect(one.getByRole("link", { name: "Call Suresh Babu" })).toHaveAttribute("href", "tel:+919000011111");

    const two = await card(2);
    await user.hover(two.getByRole("button", { name: "Agent Assigned" }));
    expect(two.getByText("Meena")).toBeVisible();
    expect(two.queryByRole("link", { name: /Call/ })).not.toBeInTheDocument();
    expect(two.getByText("Testing ETA:")).toBeVisible();

    expect((await card(3)).queryByRole("button", { name: "Agent Assigned" })).not.toBeInTheDocument();
    expect((await card(4)).queryByRole("button", { name: "Agent Assigned" })).not.toBeInTheDocument();
  });

  it("no samples: 'Submit Your First Sample' leads to /submit-sample", async () => {
    serve([]);
    const user = userEvent.setup();
    const { router } = render();
    await user.click(await screen.findByRole("link", { name: "Submit Your First Sample" }));
    expect(router.state.location.pathname).toBe("/submit-sample");
  });

  it("load fails: 'Error Loading Samples', the toast, and Try Again fetches again", async () => {
    let fail = true;
    const { callsTo } = mockFetch({
      [`GET ${LIST}`]: (request) =>
        fail
          ? { status: 500, body: { error: messages.serverError } }
          : listHandler([makeSample({ id: 5 })])(request),
      [`GET ${SUMMARY}`]: { body: makeSummary() },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole("heading", { name: "Error Loading Samples" })).toBeInTheDocument();
    expect(await screen.findByText(messages.samplesLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Sample #5" })).toBeInTheDocument();
    expect(callsTo("GET", LIST).length).toBeGreaterThan(1);
  });
});
