import { message, messages } from "@lab/contracts";
import { describe, expect, it } from "vitest";

import { AppError, conflict, invalidField, unauthorized } from "../lib/app-error";
import { errorBody } from "./error-handler";

// Clients show an error by its messageCode (with its params), whatever its English text.
describe("error bodies by key", () => {
  it("unauthorized: the English text, the class code and the message's own code", () => {
    expect(errorBody(unauthorized("invalidCredentials", "invalid_credentials"))).toEqual({
      error: messages.invalidCredentials,
      code: "invalid_credentials",
      messageCode: "invalid_credentials",
    });
  });

  it("invalidField: names the field beside the message", () => {
    expect(errorBody(invalidField("languageInvalid", "language"))).toEqual({
      error: messages.languageInvalid,
      code: "validation_failed",
      messageCode: "language_invalid",
      field: "language",
    });
  });

  it("conflict with values: the English text with them in place, and the values for other languages", () => {
    expect(errorBody(conflict(message("parameterExists", { code: "HG" }), { field: "code" }))).toEqual({
      error: "Parameter HG already exists",
      code: "conflict",
      messageCode: "parameter_exists",
      params: { code: "HG" },
      field: "code",
    });
  });

  it("a schema's English text is raised by the key it says; a text that is no message has no messageCode", () => {
    expect(new AppError(400, "validation_failed", messages.phoneInvalid).key).toBe("phoneInvalid");
    expect(errorBody(new AppError(400, "validation_failed", "Too small: expected 1 item"))).toEqual({
      error: "Too small: expected 1 item",
      code: "validation_failed",
    });
  });
});
