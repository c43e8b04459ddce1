import { describe, expect, it } from "vitest";

import { customer } from "@/testing/fixtures";

import { changedProfileFields, profileFormValues } from "./changed-fields";

describe("changedProfileFields", () => {
  it("nothing edited: no fields", () => {
    expect(changedProfileFields(customer, profileFormValues(customer))).toEqual({});
  });

  it("one field edited: only that field", () => {
    const values = { ...profileFormValues(customer), phoneNumber: "+919000000001" };
    expect(changedProfileFields(customer, values)).toEqual({ phoneNumber: "+919000000001" });
  });

  it("whitespace only and e-mail case: not a change", () => {
    const values = { ...profileFormValues(customer), fullName: "  Asha Verma ", email: "ASHA@example.com" };
    expect(changedProfileFields(customer, values)).toEqual({});
  });

  it("cleared optional field: sent as null", () => {
    const values = { ...profileFormValues(customer), company: "  " };
    expect(changedProfileFields(customer, values)).toEqual({ company: null });
  });

  it("missing optional value filled in: sent trimmed", () => {
    const bare = { ...customer, address: null };
    const values = { ...profileFormValues(bare), address: " 4 Beach Lane " };
    expect(changedProfileFields(bare, values)).toEqual({ address: "4 Beach Lane" });
  });
});
