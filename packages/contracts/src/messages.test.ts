import { describe, expect, it } from "vitest";

import {
  englishText,
  message,
  messageCodeOfKey,
  messageKeyOfCode,
  messageOfText,
  messages,
  textOf,
  type MessageKey,
} from "./messages";

const keys = Object.keys(messages) as MessageKey[];

describe("messages", () => {
  it("englishText: puts each value in its placeholder and leaves a plain text as it is", () => {
    expect(englishText("parameterExists", { code: "HG" })).toBe("Parameter HG already exists");
    expect(textOf(message("limitGradeUnknown", { parameter: "SHRIMP", grade: "A" }))).toBe(
      "SHRIMP has no grade A",
    );
    expect(textOf(message("invalidCredentials"))).toBe("Invalid email or password");
  });

  it("messageCodeOfKey: every key has its own snake_case code that leads back to it", () => {
    const codes = keys.map(messageCodeOfKey);
    expect(codes.every((code) => /^[a-z0-9_]+$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(keys.length);
    for (const key of keys) expect(messageKeyOfCode(messageCodeOfKey(key))).toBe(key);
    expect(messageKeyOfCode("no_such_message")).toBeUndefined();
  });

  it("messageOfText: finds the message and its values of an English text, and nothing for another text", () => {
    expect(messageOfText("Invalid email or password")).toEqual({ key: "invalidCredentials" });
    expect(messageOfText("Name must be 120 characters or fewer.")).toEqual({
      key: "tooLong",
      params: { label: "Name", max: "120" },
    });
    expect(messageOfText("Parameter HG already exists")).toEqual({
      key: "parameterExists",
      params: { code: "HG" },
    });
    expect(messageOfText("Something else entirely")).toBeUndefined();
    // Every text reads back as a message of the same text (two keys may share one text).
    for (const key of keys) {
      const found = messageOfText(englishText(key, { status: 500, label: "X", max: 9, things: "y" }));
      expect(found && textOf(found), key).toBe(
        englishText(key, { status: 500, label: "X", max: 9, things: "y" }),
      );
    }
  });
});
