/** The error and its causes, outermost first: drizzle wraps the driver's error in `cause`. */
function* causes(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (let current: unknown = error; typeof current === "object" && current !== null;) {
    if (seen.has(current)) return;
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (value: object): string | undefined => {
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The Postgres SQLSTATE on the error or one of its causes (pg and PGlite both set `code`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code !== undefined && SQLSTATE.test(code)) return code;
  }
  return undefined;
}

/** Drizzle wraps driver errors; the Postgres SQLSTATE sits on the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === "23505";
}

// Node's socket errors when the database cannot be reached or drops the connection.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
// 57P01-57P03: the server is shutting down or starting; 53300: too many connections.
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
// What pg's pool and PGlite throw without a code (probed: an ended pool, a closed PGlite).
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error/,
  /^PGlite is closed/,
];

/**
 * What a database failure means for the client:
 * - "invalid": SQLSTATE class 22 (data exception: bad syntax for a type, out of range, NUL, bad date)
 *   or 23 (integrity constraint): the request carried a value the database refuses; a 400.
 * - "unavailable": the database cannot be reached or is going away; a 503, worth retrying.
 */
export function databaseFailureOf(error: unknown): "invalid" | "unavailable" | undefined {
  const state = sqlStateOf(error);
  if (state !== undefined) {
    // 54000: a value too large for an index row, also the request's doing.
    if (state.startsWith("22") || state.startsWith("23") || state === "54000") return "invalid";
    if (state.startsWith("08") || UNAVAILABLE_STATES.has(state)) return "unavailable";
    return undefined;
  }
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code !== undefined && NETWORK_CODES.has(code)) return "unavailable";
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return "unavailable";
    }
  }
  return undefined;
}

/**
 * What may be logged of an error: its class name, the innermost cause's class and the SQLSTATE or
 * error code. Never the message: drizzle's carries the SQL and its parameters (hashes, names, e-mails).
 */
export function errorSummary(error: unknown): { type: string; cause?: string; code?: string } {
  const chain = [...causes(error)];
  const nameOf = (value: object) => value.constructor.name || "Object";
  const outer = chain[0];
  const inner = chain[chain.length - 1];
  const code = sqlStateOf(error) ?? chain.map(codeOf).find((value) => value !== undefined);
  return {
    type: outer ? nameOf(outer) : typeof error,
    ...(inner && inner !== outer ? { cause: nameOf(inner) } : {}),
    // Codes are short identifiers; anything else (a message put in `code`) is left out.
    ...(code !== undefined && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? { code } : {}),
  };
}
