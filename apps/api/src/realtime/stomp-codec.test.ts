import { FrameImpl, Parser, type IRawFrameType } from "@stomp/stompjs";
import { describe, expect, it } from "vitest";

import { StompDecoder, StompProtocolError, encodeFrame, header, type StompFrame } from "./stomp-codec";

/** What @stomp/stompjs (the browser's client) reads from our bytes. */
function parseWithStompjs(bytes: Buffer): { frames: IRawFrameType[]; pings: number } {
  const frames: IRawFrameType[] = [];
  let pings = 0;
  const parser = new Parser(
    (frame) => frames.push(frame),
    () => {
      pings += 1;
    },
  );
  parser.parseChunk(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return { frames, pings };
}
const decodeAll = (input: Buffer | string) => new StompDecoder().push(input);
const only = (input: Buffer | string): StompFrame => {
  const [first] = decodeAll(input);
  if (!first || first === "heartbeat") throw new Error("no frame");
  return first;
};

describe("encodeFrame", () => {
  it("writes a byte-exact content-length for multi-byte bodies, as @stomp/stompjs reads it", () => {
    const body = JSON.stringify({ samplerName: "Pūnch ₹ farm 🦐" });
    const bytes = encodeFrame(
      "MESSAGE",
      { destination: "/topic/x", "message-id": "1", subscription: "s" },
      body,
    );
    expect(bytes.toString("utf8")).toContain(`content-length:${Buffer.byteLength(body)}\n`);
    const { frames } = parseWithStompjs(bytes);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.command).toBe("MESSAGE");
    expect(new TextDecoder().decode(frames[0]?.binaryBody)).toBe(body);
  });

  it("escapes \\\\, \\n, \\r and : in headers, except on CONNECTED", () => {
    const bytes = encodeFrame("MESSAGE", { "x-note": "a:b\nc\\d\re" }, "");
    expect(bytes.toString("utf8")).toContain("x-note:a\\cb\\nc\\\\d\\re\n");
    const [raw] = parseWithStompjs(bytes).frames;
    if (!raw) throw new Error("no frame");
    // The client unescapes STOMP 1.2 header values the way we escaped them.
    expect(FrameImpl.fromRawFrame(raw, true).headers["x-note"]).toBe("a:b\nc\\d\re");
    expect(encodeFrame("CONNECTED", { server: "lab:1.0" }).toString("utf8")).toContain("server:lab:1.0\n");
  });

  it("carries NUL bytes inside a body thanks to content-length", () => {
    const body = Buffer.from([1, 0, 2, 0, 3]);
    const frame = only(encodeFrame("MESSAGE", { destination: "/d" }, body));
    expect([...frame.body]).toEqual([1, 0, 2, 0, 3]);
  });
});

describe("StompDecoder", () => {
  it("reads what @stomp/stompjs writes, headers escaped, across arbitrary chunk splits", () => {
    const text =
      "SUBSCRIBE\nid:sub-0\ndestination:/user/12/notifications\nx-odd:a\\cb\\\\c\n\n\u0000\nSEND\ndestination:/q\ncontent-length:5\n\nhel\u0000o\u0000";
    const bytes = Buffer.from(text, "utf8");
    for (let split = 1; split < bytes.length; split += 7) {
      const decoder = new StompDecoder();
      const frames = [...decoder.push(bytes.subarray(0, split)), ...decoder.push(bytes.subarray(split))];
      const real = frames.filter((frame): frame is StompFrame => frame !== "heartbeat");
      expect(real.map((frame) => frame.command)).toEqual(["SUBSCRIBE", "SEND"]);
      expect(header(real[0] as StompFrame, "x-odd")).toBe("a:b\\c");
      expect([...(real[1] as StompFrame).body]).toEqual([...Buffer.from("hel\u0000o")]);
    }
  });

  it("reads CONNECT headers verbatim, CRLF line ends, and keeps the first of repeated headers", () => {
    const frame = only(
      "CONNECT\r\naccept-version:1.2\r\nAuthorization:Bearer a.b:c\r\nhost:x\r\nhost:y\r\n\r\n\u0000",
    );
    expect(header(frame, "Authorization")).toBe("Bearer a.b:c");
    expect(header(frame, "host")).toBe("x");
  });

  it("answers heart-beat EOLs (LF and CRLF) between frames", () => {
    expect(decodeAll("\n\r\n\n")).toEqual(["heartbeat", "heartbeat", "heartbeat"]);
    const { pings } = parseWithStompjs(Buffer.from("\n"));
    expect(pings).toBe(1);
  });

  it("waits for the rest of a frame and for a content-length body", () => {
    const decoder = new StompDecoder();
    expect(decoder.push("SEND\ncontent-length:4\n\nab")).toEqual([]);
    expect(decoder.push("cd")).toEqual([]);
    expect(decoder.push("\u0000")).toHaveLength(1);
  });

  it.each([
    ["lower-case command", "send\n\n\u0000"],
    ["header without colon", "SEND\nnocolon\n\n\u0000"],
    ["undefined escape", "SEND\nk:a\\tb\n\n\u0000"],
    ["body longer than content-length", "SEND\ncontent-length:1\n\nab\u0000"],
    ["bad content-length", "SEND\ncontent-length:-1\n\n\u0000"],
  ])("refuses a %s", (_name, text) => {
    expect(() => decodeAll(text)).toThrow(StompProtocolError);
  });

  it("refuses frames over the size limit and too many headers", () => {
    const small = new StompDecoder({ maxFrameBytes: 100, maxHeaders: 3 });
    expect(() => small.push(`SEND\ncontent-length:200\n\n`)).toThrow(/larger than 100/);
    expect(() =>
      new StompDecoder({ maxFrameBytes: 100, maxHeaders: 3 }).push("SEND\n" + "x".repeat(150)),
    ).toThrow(/larger than 100/);
    expect(() =>
      new StompDecoder({ maxFrameBytes: 1000, maxHeaders: 3 }).push("SEND\na:1\nb:2\nc:3\nd:4\n\n\u0000"),
    ).toThrow(/Too many headers/);
  });
});
