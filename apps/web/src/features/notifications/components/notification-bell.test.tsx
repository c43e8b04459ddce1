import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Notification } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { setConnectionStatus } from "../utils/connection-status";
import { NotificationBell } from "./notification-bell";

const LIST = "/api/notifications";

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: "sample_status_change",
    title: "Sample Submitted",
    message: "Sample #12 was received",
    sampleId: 12,
    timestamp: new Date().toISOString(),
    read: false,
    data: { stage: "submitted" },
    ...overrides,
  };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const render = () =>
  renderWithProviders(<NotificationBell />, {
    route: "/dashboard",
    path: "/dashboard",
    extraRoutes: [
      { path: "/samples", element: <h1>Samples page</h1> },
      { path: "/reports", element: <h1>Reports page</h1> },
      { path: "/report/:reportId", element: <h1>Report page</h1> },
    ],
  });

const bellButton = () => screen.getByRole("button", { name: /^Notifications/ });

describe("NotificationBell", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    act(() => setConnectionStatus("disconnected"));
  });

  it("red 'Manual updates' when not connected, green 'Real-time updates' when connected", async () => {
    mockFetch({ [`GET ${LIST}`]: { body: [] } });
    render();
    expect(bellButton()).toHaveAccessibleName("Notifications, 0 unread, Manual updates");
    act(() => setConnectionStatus("connected"));
    expect(bellButton()).toHaveAccessibleName("Notifications, 0 unread, Real-time updates");
    act(() => setConnectionStatus("reconnecting"));
    expect(bellButton()).toHaveAccessibleName("Notifications, 0 unread, Manual updates");
  });

  it("the unread badge is capped at 99+", async () => {
    const many = Array.from({ length: 100 }, (_, index) => makeNotification({ id: index + 1 }));
    mockFetch({ [`GET ${LIST}`]: { body: many } });
    render();
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("99+");
    expect(bellButton()).toHaveAccessibleName(/100 unread/);
    // A hundred rendered items and role queries over them take about 4 s in jsdom on a busy machine.
  }, 15_000);

  it("empty: 'No notifications yet'; Escape closes and returns focus", async () => {
    mockFetch({ [`GET ${LIST}`]: { body: [] } });
    const user = userEvent.setup();
    render();
    await user.click(bellButton());
    expect(bellButton()).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByText("No notifications yet")).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(bellButton()).toHaveAttribute("aria-expanded", "false");
    expect(bellButton()).toHaveFocus();
  });

  it("items show title, message and time labels: Just now, minutes, hours, days", async () => {
    mockFetch({
      [`GET ${LIST}`]: {
        body: [
          makeNotification({ id: 1, title: "A", timestamp: minutesAgo(0.5) }),
          makeNotification({ id: 2, title: "B", timestamp: minutesAgo(5) }),
          makeNotification({ id: 3, title: "C", timestamp: minutesAgo(1) }),
          makeNotification({ id: 4, title: "D", timestamp: minutesAgo(180) }),
          makeNotification({ id: 5, title: "E", timestamp: minutesAgo(60 * 24 * 2 + 5) }),
        ],
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(bellButton());
    const region = await screen.findByRole("region", { name: "Notifications" });
    await within(region).findByText("A");
    expect(within(region).getByText("Just now")).toBeInTheDocument();
    expect(within(region).getByText("5 minutes ago")).toBeInTheDocument();
    expect(within(region).getByText("1 minute ago")).toBeInTheDocument();
    expect(within(region).getByText("3 hours ago")).toBeInTheDocument();
    expect(within(region).getByText("2 days ago")).toBeInTheDocument();
    expect(within(region).getAllByText("Sample #12 was received")).toHaveLength(5);
  });

  it.each([
    ["sample_status_change", "Samples page", "?highlight=12"],
    ["sample_assigned", "Samples page", "?highlight=12"],
    ["sample_completed", "Reports page", ""],
    ["sample_unassigned", "Samples page", ""],
    ["report_revoked", "Reports page", ""],
  ])("a click on %s marks it read and goes to %s%s", async (type, page, search) => {
    const { callsTo } = mockFetch({
      [`GET ${LIST}`]: { body: [makeNotification({ id: 4, type, title: "Moved" })] },
      "POST /api/notifications/4/read": { body: makeNotification({ id: 4, type, read: true }) },
    });
    const user = userEvent.setup();
    const { router } = render();
    await user.click(bellButton());
    await user.click(await screen.findByRole("button", { name: /^Moved/ }));
    expect(await screen.findByRole("heading", { name: page })).toBeInTheDocument();
    expect(router.state.location.search).toBe(search);
    await waitFor(() => expect(callsTo("POST", "/api/notifications/4/read")).toHaveLength(1));
  });

  it("a click on report_revoked naming its report opens that report", async () => {
    const revoked = makeNotification({
      id: 5,
      type: "report_revoked",
      title: "Report Revoked",
      data: { stage: "completed", reportId: 41 },
    });
    mockFetch({
      [`GET ${LIST}`]: { body: [revoked] },
      "POST /api/notifications/5/read": { body: { ...revoked, read: true } },
    });
    const user = userEvent.setup();
    const { router } = render();
    await user.click(bellButton());
    await user.click(await screen.findByRole("button", { name: /^Report Revoked/ }));
    expect(await screen.findByRole("heading", { name: "Report page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/report/41");
  });

  it("Mark all read, dismiss one, clear all, View All Samples", async () => {
    const { callsTo } = mockFetch({
      [`GET ${LIST}`]: {
        body: [
          makeNotification({ id: 1, title: "First" }),
          makeNotification({ id: 2, title: "Second" }),
          makeNotification({ id: 3, title: "Third", read: true }),
        ],
      },
      "POST /api/notifications/read-all": { body: { updated: 2 } },
      "DELETE /api/notifications/2": { status: 204 },
      "DELETE /api/notifications": { body: { deleted: 2 } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("2");
    await user.click(bellButton());

    await user.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument());
    expect(callsTo("POST", "/api/notifications/read-all")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Mark all read" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Dismiss notification: Second" }));
    expect(screen.queryByText("Second")).not.toBeInTheDocument();
    expect(callsTo("DELETE", "/api/notifications/2")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Clear all" }));
    expect(await screen.findByText("No notifications yet")).toBeInTheDocument();
    expect(callsTo("DELETE", "/api/notifications")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "View All Samples" }));
    expect(await screen.findByRole("heading", { name: "Samples page" })).toBeInTheDocument();
  });

  it("in Telugu: the time labels by Telugu plurals, the texts around them in Telugu", async () => {
    mockFetch({
      [`GET ${LIST}`]: {
        body: [
          makeNotification({ id: 1, title: "నమూనా అందింది", timestamp: minutesAgo(5) }),
          makeNotification({ id: 2, title: "నమూనా పరీక్షలో ఉంది", timestamp: minutesAgo(1) }),
          makeNotification({ id: 3, title: "నివేదిక సిద్ధం", timestamp: minutesAgo(0) }),
        ],
      },
    });
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    render();
    const bell = await screen.findByRole("button", {
      name: "నోటిఫికేషన్లు, 3 చదవనివి, మాన్యువల్ సమాచారం",
    });
    await user.click(bell);
    const panel = screen.getByRole("region", { name: "నోటిఫికేషన్లు" });
    expect(within(panel).getByText("5 నిమిషాల క్రితం")).toBeInTheDocument();
    expect(within(panel).getByText("1 నిమిషం క్రితం")).toBeInTheDocument();
    expect(within(panel).getByText("ఇప్పుడే")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "అన్నీ చదివినట్లు గుర్తించండి" })).toBeEnabled();
  });
});
