import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { providerErrorMessage } from "./provider-errors";

const failure = (status: number, body: unknown = null) => new ApiError(status, "HTTP error", undefined, body);

describe("providerErrorMessage", () => {
  it.each([
    ["add", failure(400, { error: messages.phoneInvalid }), messages.phoneInvalid],
    ["add", failure(400), "profileInvalid"],
    ["add", failure(404, { error: "anything" }), "customerNotFound"],
    ["add", failure(500, { error: "boom" }), "serverError"],
    ["add", failure(403, { error: "Forbidden" }), "providerAddFailed"],
    ["update", failure(400, { error: messages.altPhoneInvalid }), messages.altPhoneInvalid],
    ["update", failure(404, { error: messages.providerNotFound }), messages.providerNotFound],
    ["update", failure(500), "providerUpdateFailed"],
    ["delete", failure(404, { error: "x" }), "providerNotFound"],
    ["delete", failure(500), "providerDeleteServerError"],
    ["delete", failure(409), "providerDeleteFailed"],
  ] as const)("%s, %o: '%s'", (action, error, expected) => {
    expect(providerErrorMessage(error, action)).toBe(expected);
  });

  it("no answer at all: the network text; not an API error: the action's default", () => {
    expect(providerErrorMessage(new ApiError(0, messages.networkError), "add")).toBe(messages.networkError);
    expect(providerErrorMessage(new Error("x"), "add")).toBe("providerAddFailed");
    expect(providerErrorMessage("x", "update")).toBe("providerUpdateFailed");
    expect(providerErrorMessage(undefined, "delete")).toBe("providerDeleteFailed");
  });
});
