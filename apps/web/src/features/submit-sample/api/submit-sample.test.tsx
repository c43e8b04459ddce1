import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { SampleSubmission } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { makeSample } from "@/testing/sample-fixtures";

import { useSubmitSample } from "./submit-sample";

function renderSubmit() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ mutations: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSubmitSample(), { wrapper });
}

const payload = (overrides: Partial<SampleSubmission> = {}): SampleSubmission => ({
  consumerId: customer.id,
  samplerId: "temp_1",
  samplerName: "లక్ష్మీ దేవి",
  samplerLocation: "Bhimavaram",
  coordinate: { lat: 16.5, lng: 81.5 },
  shrimpCategory: "Tiger Shrimp",
  testTypes: ["Allergen Testing"],
  phoneNumber: "9848022338",
  ...overrides,
});

/** The server answers each POST in turn with the next of `answers`. */
function serverAnswering(...answers: MockResponse[]) {
  let call = 0;
  return mockFetch({
    "POST /api/sample-submissions": () => answers[call++] ?? { status: 201, body: makeSample() },
  });
}

describe("useSubmitSample", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  const keysOf = (requests: { headers: Record<string, string> }[]) =>
    requests.map((request) => request.headers["Idempotency-Key"]);

  it("keeps the Idempotency-Key and the body across a retry after a 5xx, then makes a new key after success", async () => {
    const { requests } = serverAnswering({
      status: 503,
      body: { error: "down", code: "service_unavailable" },
    });
    const { result } = renderSubmit();
    await act(async () => {
      await result.current.mutateAsync(payload({ samplerId: "temp_1" })).catch(() => undefined);
    });
    // The person presses again: the form makes a new temp_ id, the hook keeps the first.
    await act(async () => {
      await result.current.mutateAsync(payload({ samplerId: "temp_2" }));
    });
    await act(async () => {
      await result.current.mutateAsync(payload({ samplerId: "temp_3" }));
    });
    const [failed, retried, next] = keysOf(requests);
    expect(failed).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(failed);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(failed);
    expect((requests[2]?.body as SampleSubmission).samplerId).toBe("temp_3");
  });

  it("keeps the key across a network failure and makes a new one when the values change", async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetch);
    const { result } = renderSubmit();
    for (const values of [payload(), payload(), payload({ samplerName: "लक्ष्मी देवी" })]) {
      await act(async () => {
        await result.current.mutateAsync(values).catch(() => undefined);
      });
    }
    const keys = fetch.mock.calls.map(
      ([, init]) => ((init as RequestInit).headers as Record<string, string>)["Idempotency-Key"],
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
