import { describe, expect, it } from "vitest";

import type { MessageStatusView } from "@lab/contracts";

import { MESSAGE_REFRESH_MS, refreshWhileUnsettled } from "./message-refresh";

const at = Date.parse("2026-11-28T09:00:00.000Z");
const message = (status: MessageStatusView["status"], minutesAgo: number): MessageStatusView => ({
  id: 1,
  channel: "whatsapp",
  to: "•••• 2345",
  kind: "reportReleased",
  status,
  reason: null,
  createdAt: new Date(at - minutesAgo * 60_000).toISOString(),
  updatedAt: new Date(at - minutesAgo * 60_000).toISOString(),
});

describe("refreshWhileUnsettled", () => {
  it("asks again while a recent message is queued or sent, and stops once every one has its final word or is old", () => {
    expect(refreshWhileUnsettled([message("queued", 1)], at)).toBe(MESSAGE_REFRESH_MS);
    expect(refreshWhileUnsettled([message("delivered", 1), message("sent", 5)], at)).toBe(MESSAGE_REFRESH_MS);
    expect(
      refreshWhileUnsettled([message("delivered", 1), message("read", 1), message("failed", 1)], at),
    ).toBe(false);
    expect(refreshWhileUnsettled([message("sent", 45)], at)).toBe(false);
    expect(refreshWhileUnsettled(undefined, at)).toBe(false);
  });
});
