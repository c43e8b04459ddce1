import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages, type Notification, type SamplePage } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import type { RealtimeOptions } from "@/lib/realtime";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { getConnectionStatus } from "../utils/connection-status";
import { useRealtimeUpdates } from "./use-realtime-updates";

// The client is replaced at the module boundary: the hook's wiring is what is under test.
const realtime = vi.hoisted(() => ({
  options: [] as RealtimeOptions[],
  start: vi.fn(),
  stop: vi.fn(),
}));
vi.mock("@/lib/realtime", () => ({
  createRealtimeConnection: (options: RealtimeOptions) => {
    realtime.options.push(options);
    return { start: realtime.start, stop: realtime.stop, state: "connecting", attempts: 0 };
  },
}));

// The first screen's data is in at once here (its wait has its own tests); one test holds it back.
const firstScreen = vi.hoisted(() => ({ settled: Promise.resolve() }));
vi.mock("@/lib/first-screen", () => ({ afterFirstScreen: () => firstScreen.settled }));

function Live() {
  useRealtimeUpdates();
  return <h1>Live</h1>;
}

const notification: Notification = {
  id: 50,
  type: "sample_assigned",
  title: "Agent Assigned",
  message: "Ravi will collect sample #3",
  sampleId: 3,
  timestamp: new Date().toISOString(),
  read: false,
  data: { stage: "agent-assigned", agent: "Ravi" },
};

async function connected() {
  await waitFor(() => expect(realtime.options).toHaveLength(1));
  const options = realtime.options[0];
  if (!options) throw new Error("not connected");
  return options;
}

describe("useRealtimeUpdates", () => {
  beforeEach(() => {
    realtime.options.length = 0;
    realtime.start.mockClear();
    realtime.stop.mockClear();
    startSession({ user: customer, token: "jwt-live", expiresIn: 3600 });
    mockFetch({});
  });
  afterEach(() => {
    logout();
    firstScreen.settled = Promise.resolve();
  });

  it("does not fetch the client before the first screen's data is in; connects right after", async () => {
    let settle = () => {};
    firstScreen.settled = new Promise<void>((resolve) => (settle = resolve));
    renderWithProviders(<Live />);
    await screen.findByRole("heading", { name: "Live" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(realtime.options).toHaveLength(0);
    settle();
    await connected();
  });

  it("connects with the session's token and user id; stops on unmount", async () => {
    const { unmount } = renderWithProviders(<Live />);
    const options = await connected();
    expect(options.token).toBe("jwt-live");
    expect(options.userId).toBe(customer.id);
    expect(realtime.start).toHaveBeenCalledTimes(1);
    act(() => options.onState?.("connected"));
    expect(getConnectionStatus()).toBe("connected");
    unmount();
    expect(realtime.stop).toHaveBeenCalledTimes(1);
    expect(getConnectionStatus()).toBe("disconnected");
  });

  it("Connection Lost (error) after the last failure; Server Maintenance (warning) on the shutdown notice", async () => {
    renderWithProviders(<Live />);
    const options = await connected();
    act(() => options.onConnectionLost?.());
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.connectionLost);
    act(() => options.onShutdown?.());
    expect(await screen.findByText(messages.serverMaintenance)).toBeInTheDocument();
  });

  it("samples merge by id, notifications prepend with a toast, a (re)connect re-fetches", async () => {
    const { queryClient } = renderWithProviders(<Live />);
    const listKey = ["samples", "list", { page: 1, size: 10 }];
    queryClient.setQueryData<SamplePage>(listKey, {
      items: [makeSample({ id: 2 }), makeSample({ id: 3, status: "PENDING" })],
      total: 2,
      totalCapped: false,
      page: 1,
      cursor: null,
      size: 10,
    });
    queryClient.setQueryData<Notification[]>(["notifications"], [{ ...notification, id: 49 }]);
    const options = await connected();

    act(() => options.onSample?.(makeSample({ id: 3, status: "COLLECTING", assigned: "Ravi-+91 98" })));
    const page = queryClient.getQueryData<SamplePage>(listKey);
    expect(page?.items.map((item) => [item.id, item.status])).toEqual([
      [2, "PENDING"],
      [3, "COLLECTING"],
    ]);

    act(() => options.onNotification?.(notification));
    expect(queryClient.getQueryData<Notification[]>(["notifications"])?.map((item) => item.id)).toEqual([
      50, 49,
    ]);
    expect(await screen.findByText("Agent Assigned: Ravi will collect sample #3")).toBeInTheDocument();
    // The same notification twice stays once.
    act(() => options.onNotification?.(notification));
    expect(queryClient.getQueryData<Notification[]>(["notifications"])).toHaveLength(2);

    act(() => options.onConnected?.());
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["notifications"])?.isInvalidated).toBe(true);
  });

  it("the server's re-sync notice re-fetches exactly what a reconnect re-fetches", async () => {
    const { queryClient } = renderWithProviders(<Live />);
    const keys = [
      ["samples", "list", { page: 1, size: 10 }],
      ["samples", "summary"],
      ["samples", "one", "3"],
      ["notifications"],
      ["reports", "list"],
      ["profile"],
    ];
    const seed = () => {
      for (const key of keys) queryClient.setQueryData(key, { seeded: true });
    };
    const invalidated = () =>
      keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
    const options = await connected();

    seed();
    act(() => options.onResync?.());
    const afterResync = invalidated();
    seed();
    act(() => options.onConnected?.());
    const afterReconnect = invalidated();

    expect(afterResync).toEqual(afterReconnect);
    expect(afterResync).toEqual(
      expect.arrayContaining([
        JSON.stringify(["samples", "list", { page: 1, size: 10 }]),
        '["notifications"]',
      ]),
    );
    expect(afterResync).not.toContain('["profile"]');
  });
});
