import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { ProviderInput } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { makeProvider } from "@/testing/sample-fixtures";

import { useCreateProvider } from "./create-provider";

function renderCreate() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ mutations: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreateProvider(), { wrapper });
}

const input = (samplerName: string): ProviderInput => ({
  samplerName,
  userType: "Farmer",
  phoneNumber: "9848022338",
  location: "Bhimavaram",
  coordinates: null,
});

describe("useCreateProvider", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("keeps the Idempotency-Key across a retry after a 500, then a new key after success and after a change", async () => {
    let call = 0;
    const path = `/api/customers/${customer.id}/sample-providers`;
    const { requests } = mockFetch({
      [`POST ${path}`]: () =>
        call++ === 0
          ? { status: 500, body: { error: "boom", code: "internal" } }
          : { status: 201, body: makeProvider({ customerId: customer.id }) },
    });
    const { result } = renderCreate();
    const send = async (name: string) =>
      act(async () => {
        await result.current
          .mutateAsync({ customerId: customer.id, input: input(name) })
          .catch(() => undefined);
      });
    await send("Srinu Farms"); // 500
    await send("Srinu Farms"); // retried: 201
    await send("Srinu Farms"); // a new create after success
    await send("Ganga Farms"); // other values
    const keys = requests.map((request) => request.headers["Idempotency-Key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });
});
