import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { providerErrorMessage } from "./provider-errors";

const failure = (status: number, body: unknown = null) => new ApiError(status, "HTTP error", undefined, body);

describe("providerErrorMessage", () => {
  it.each([
    ["add", failure(400, { error: messages.phoneInvalid }), messages.phoneInvalid],
    ["add", failure(400), messages.profileInvalid],
    ["add", failure(404, { error: "anything" }), messages.customerNotFound],
    ["add", failure(500, { error: "boom" }), messages.serverError],
    ["add", failure(403, { error: "Forbidden" }), messages.providerAddFailed],
    ["update", failure(400, { error: messages.altPhoneInvalid }), messages.altPhoneInvalid],
    ["update", failure(404, { error: messages.providerNotFound }), messages.providerNotFound],
    ["update", failure(500), messages.providerUpdateFailed],
    ["delete", failure(404, { error: "x" }), messages.providerNotFound],
    ["delete", failure(500), messages.providerDeleteServerError],
    ["delete", failure(409), messages.providerDeleteFailed],
  ] as const)("%s, %o: '%s'", (action, error, expected) => {
    expect(providerErrorMessage(error, action)).toBe(expected);
  });

  it("no answer at all: the network text; not an API error: the action's default", () => {
    expect(providerErrorMessage(new ApiError(0, messages.networkError), "add")).toBe(messages.networkError);
    expect(providerErrorMessage(new Error("x"), "add")).toBe(messages.providerAddFailed);
    expect(providerErrorMessage("x", "update")).toBe(messages.providerUpdateFailed);
    expect(providerErrorMessage(undefined, "delete")).toBe(messages.providerDeleteFailed);
  });
});
