import type { Customer } from "@lab/contracts";

export const customer: Customer = {
  id: 7,
  email: "asha@example.com",
  fullName: "Asha Verma",
  company: "Blue Bay Aqua",
  phoneNumber: "+919876543210",
  phoneVerified: false,
  address: "12 Harbour Road, Nellore",
  emailVerified: true,
  defaultMarkets: [],
  language: "en",
  createdAt: "2024-03-01T10:00:00.000Z",
  updatedAt: "2024-04-02T12:30:00.000Z",
  organisation: { id: 3, name: "Blue Bay Aqua" },
  role: "admin",
  scope: "all",
};

export const emailCheckOk = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  did_you_mean: "",
  user: email.split("@")[0] ?? "",
  domain: email.split("@")[1] ?? "",
  format_valid: true,
  mx_found: true,
  smtp_check: true,
  catch_all: null,
  role: false,
  disposable: false,
  free: false,
  score: 0.9,
  ...overrides,
});
