import { afterEach, describe, expect, it } from "vitest";

import { customer } from "@/testing/fixtures";

import { logout, startSession } from "./auth";
import { LAB_QUERY_ROOT, endLabSession, resetLabSessionCache, startLabSession } from "./lab-session";
import { queryClient } from "./query-client";

const staff = {
  id: 3,
  email: "priya@lab.test",
  name: "Dr. Priya Nair",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};
const customerKey = ["samples", "list"];
const labKey = [LAB_QUERY_ROOT, "samples", "list"];

function signInBoth() {
  startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
  startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
  queryClient.setQueryData(customerKey, ["a customer's sample"]);
  queryClient.setQueryData(labKey, ["every customer's samples"]);
}

describe("the shared query client", () => {
  afterEach(() => {
    logout();
    resetLabSessionCache();
    queryClient.clear();
  });

  it("customer sign-out: the customer's data is dropped, the lab console's kept", () => {
    signInBoth();
    logout("user");
    expect(queryClient.getQueryData(customerKey)).toBeUndefined();
    expect(queryClient.getQueryData(labKey)).toEqual(["every customer's samples"]);
  });

  it("lab sign-out: the console's data is dropped, the customer's kept", () => {
    signInBoth();
    endLabSession("user");
    expect(queryClient.getQueryData(labKey)).toBeUndefined();
    expect(queryClient.getQueryData(customerKey)).toEqual(["a customer's sample"]);
  });
});
