import { useState } from "react";

/**
 * One `Idempotency-Key` per submit: the same values sent again (a retry after a network failure or a
 * 5xx) keep the key, so the server answers the first request instead of creating a second record;
 * other values, or a submit after a success, get a new key.
 */
export interface IdempotencyKeys {
  /** The key for sending these values. */
  keyFor(values: unknown): string;
  /** After a success: the next submit is a new request even with the same values. */
  succeeded(): void;
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  let current: { key: string; values: string } | undefined;
  return {
    keyFor(values) {
      const serialized = JSON.stringify(values) ?? "";
      if (current?.values !== serialized) current = { key: newKey(), values: serialized };
      return current.key;
    },
    succeeded() {
      current = undefined;
    },
  };
}

/** A key holder that lives as long as the component (the form) using it. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(createIdempotencyKeys);
  return keys;
}
