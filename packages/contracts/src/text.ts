import { z } from "zod";

import { messages } from "./messages";

// Postgres refuses U+0000 in text and jsonb, and jsonb refuses unpaired UTF-16 surrogates (text would
// silently store U+FFFD instead). Such input is refused, never stripped: a name is stored as typed or
// not at all.
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (value: string): boolean => !NUL.test(value) && !LONE_SURROGATE.test(value);

/**
 * The one string schema of every request field: a string that Postgres can store as it is.
 * `error` is the message for a missing or non-string value.
 */
export const text = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine(isStorableText, messages.textInvalid);

/** Ids of every table are Postgres int4: 1..2147483647. */
export const ID_MAX = 2_147_483_647;
export const idSchema = (error?: string) =>
  z
    .number(error === undefined ? undefined : { error })
    .int(error ?? messages.idOutOfRange)
    .min(1, error ?? messages.idOutOfRange)
    .max(ID_MAX, error ?? messages.idOutOfRange);
