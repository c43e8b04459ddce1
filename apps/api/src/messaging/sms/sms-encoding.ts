import { smpp } from "./dlt-tlvs";

/** data_coding 0: the SMSC's default alphabet, GSM 03.38 (one septet a byte on SMPP). 8: UCS-2. */
export const DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;
export type SmsCoding = keyof typeof DATA_CODING;

/** esm_class bit: short_message starts with a user data header. */
export const ESM_UDH_INDICATOR = 0x40;

/** What fits one SMS, and one part of a concatenated SMS once its 6-byte header is taken. */
export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export interface EncodedSms {
  coding: SmsCoding;
  /** Septets (GSM-7, an extension-table character counts two) or UTF-16 code units (UCS-2). */
  units: number;
  /** Each part's short_message: the 6-byte UDH and its slice of the text when there are several. */
  parts: Buffer[];
}

/** Plain English fits GSM 03.38; anything else (every Indian script) goes as UCS-2. */
export const isGsm7 = (text: string): boolean => smpp.encodings.ASCII.match(text);

/** Cuts encoded text into chunks of at most `size` units, never between two units of one character. */
function chunks(bytes: Buffer, unitBytes: 1 | 2, size: number, joined: (at: number) => boolean): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + size * unitBytes);
    if (end < bytes.length && joined(end)) end -= unitBytes;
    out.push(bytes.subarray(start, end));
    start = end;
  }
  return out;
}

/**
 * A text as SMPP short_messages. Longer than one SMS, it is cut into parts that each carry a 6-byte
 * concatenation header (IEI 0x00, 8-bit reference, part count, part number) with one reference, so the
 * phone shows one message.
 */
export function encodeSms(text: string, reference: number): EncodedSms {
  const coding: SmsCoding = isGsm7(text) ? "gsm7" : "ucs2";
  const bytes = coding === "gsm7" ? smpp.gsmCoder.encode(text, 0) : Buffer.from(text, "utf16le").swap16();
  const unitBytes = coding === "gsm7" ? 1 : 2;
  const units = bytes.length / unitBytes;
  const limits = SMS_LIMITS[coding];
  if (units <= limits.single) return { coding, units, parts: [bytes] };
  // An escape (0x1B) belongs with the septet after it; a high surrogate with the low one after it.
  const joined =
    coding === "gsm7"
      ? (at: number) => escapeBefore(bytes, at)
      : (at: number) => {
          const previous = bytes.readUInt16BE(at - 2);
          return previous >= 0xd800 && previous <= 0xdbff;
        };
  const slices = chunks(bytes, unitBytes, limits.part, joined);
  if (slices.length > 255) throw new RangeError(`an SMS of ${units} units needs more than 255 parts`);
  const ref = reference & 0xff;
  return {
    coding,
    units,
    parts: slices.map((slice, index) =>
      Buffer.concat([Buffer.from([0x05, 0x00, 0x03, ref, slices.length, index + 1]), slice]),
    ),
  };
}

/** Whether the septet just before `at` is an escape that starts a two-septet character. */
function escapeBefore(bytes: Buffer, at: number): boolean {
  let i = 0;
  let last = -1;
  while (i < at) {
    last = i;
    i += bytes[i] === 0x1b ? 2 : 1;
  }
  // The character that starts at `last` runs past `at`: it was an escape pair cut in two.
  return i > at && last >= 0;
}

/** The text of a short_message as a phone reads it: the UDH skipped, the payload decoded. */
export function decodeShortMessage(shortMessage: Buffer, dataCoding: number, hasUdh: boolean): string {
  const payload = hasUdh ? shortMessage.subarray((shortMessage[0] ?? 0) + 1) : shortMessage;
  return dataCoding === DATA_CODING.ucs2
    ? Buffer.from(payload).swap16().toString("utf16le")
    : smpp.gsmCoder.decode(payload, 0);
}
