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

import { submitRequestFor, useSubmitSample } from "./submit-sample";

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

describe("submitRequestFor", () => {
  const kept = { key: "first-key", payload: payload({ samplerId: "temp_1" }) };

  it("same content with another temp_ sampler id: the kept request again, key and exact body", () => {
    expect(submitRequestFor(payload({ samplerId: "temp_2" }), kept, () => "new-key")).toBe(kept);
  });

  it("changed content, or nothing kept: a new key with the new body", () => {
    const changed = payload({ samplerId: "temp_2", samplerName: "लक्ष्मी देवी" });
    expect(submitRequestFor(changed, kept, () => "new-key")).toEqual({ key: "new-key", payload: changed });
    expect(submitRequestFor(payload(), null, () => "new-key").key).toBe("new-key");
  });

  it("a saved provider is not the same content as a temp_ one", () => {
    expect(submitRequestFor(payload({ samplerId: 11 }), kept, () => "new-key").key).toBe("new-key");
  });
});

describe("useSubmitSample", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("sends the request's body with its key as Idempotency-Key, the same on a re-send after a 5xx", async () => {
    const { requests } = serverAnswering({
      status: 503,
      body: { error: "down", code: "service_unavailable" },
    });
    const { result } = renderSubmit();
    const request = { key: "key-1", payload: payload() };
    await act(async () => {
      await result.current.mutateAsync(request).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync(request);
    });
    expect(requests.map((sent) => sent.headers["Idempotency-Key"])).toEqual(["key-1", "key-1"]);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(requests[0]?.body).toEqual(payload());
  });
});
