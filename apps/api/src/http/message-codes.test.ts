import { messageCodeOf, messageNameOfCode, messages } from "@lab/contracts";
import { describe, expect, it } from "vitest";

import { AppError } from "../lib/app-error";
import { errorBody } from "./error-handler";

// Clients translate an error by its messageCode, so each message needs its own one.
describe("message codes", () => {
  const texts: [string, string][] = Object.entries(messages).flatMap(([name, text]) =>
    typeof text === "string" ? [[name, text] as [string, string]] : [],
  );

  it("gives every message text of contracts a unique code that leads back to that text", () => {
    // Two names may share one text (invalidEmailFormat, emailInvalidOptional): one text, one code.
    const distinct = [...new Set(texts.map(([, text]) => text))];
    const codes = distinct.map((text) => messageCodeOf(text));
    expect(codes.every((code) => typeof code === "string" && /^[a-z0-9_]+$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(distinct.length);
    for (const text of distinct) {
      const code = messageCodeOf(text);
      const name = code === undefined ? undefined : messageNameOfCode(code);
      expect(name === undefined ? undefined : messages[name]).toBe(text);
    }
  });

  it("puts messageCode beside the stable code, and none for a text that is not a message", () => {
    expect(errorBody(new AppError(401, "invalid_credentials", messages.invalidCredentials))).toEqual({
      error: messages.invalidCredentials,
      code: "invalid_credentials",
      messageCode: "invalid_credentials",
    });
    expect(
      errorBody(new AppError(400, "validation_failed", messages.languageInvalid, {}, "language")),
    ).toEqual({
      error: messages.languageInvalid,
      code: "validation_failed",
      messageCode: "language_invalid",
      field: "language",
    });
    expect(errorBody(new AppError(404, "not_found", "Staff member not found"))).toEqual({
      error: "Staff member not found",
      code: "not_found",
    });
  });
});
