import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReset, UseFormWatch } from "react-hook-form";
import type { z } from "zod";

/**
 * Drafts of long forms, kept on the device (localStorage) until sent or discarded: a farmer on a weak
 * phone loses nothing to a reload, a closed tab or a dropped connection. One entry per form and per
 * signed-in account, so another person signing in on the same phone never sees them. A draft of
 * another version, or one that no longer reads, is dropped rather than half-restored.
 */
export const DRAFT_VERSION = 1;
const PREFIX = "aquatest.draft";
/** Long enough that typing is not written on every key press, short enough that a reload keeps it. */
export const DRAFT_SAVE_DELAY_MS = 400;

export const draftStorageKey = (form: string, accountId: number): string => `${PREFIX}.${form}.${accountId}`;

interface StoredDraft {
  version: number;
  savedAt: number;
  values: unknown;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The draft under `key`, when it is of this version and its values pass `schema`; else null (and gone). */
export function readDraft<T>(key: string, schema: z.ZodType<T>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (!store || !raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (stored?.version === DRAFT_VERSION) {
      const parsed = schema.safeParse(stored.values);
      if (parsed.success) return parsed.data;
    }
  } catch {
    // Not JSON: dropped below like any other draft that cannot be used.
  }
  store.removeItem(key);
  return null;
}

export function writeDraft(key: string, values: unknown, now: number = Date.now()): void {
  const entry: StoredDraft = { version: DRAFT_VERSION, savedAt: now, values };
  try {
    storage()?.setItem(key, JSON.stringify(entry));
  } catch {
    // A full or refused storage only loses the draft, never the form.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

/** `values` without the named fields: secrets (a password) never reach the device's storage. */
function without<T extends object>(values: T, secret: readonly string[]): Partial<T> {
  if (secret.length === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !secret.includes(name))) as Partial<T>;
}

export interface DraftOptions<T> {
  /** The form's name in the key, e.g. "submit-sample", "provider-new". */
  form: string;
  /** The signed-in account; without one nothing is kept. */
  accountId: number | null | undefined;
  /** What a stored draft must look like to be restored. */
  schema: z.ZodType<T>;
  /** The form's untouched values: a form back to them keeps no draft. */
  blank: T;
  /** Fields never written (passwords). */
  secret?: readonly string[];
  /** False while the form is not in use (e.g. read-only): nothing is written. */
  enabled?: boolean;
  delay?: number;
}

export interface Draft<T> {
  /** The draft found when the form opened, or null. */
  restored: T | null;
  /** True while a draft of this form is kept on the device. */
  saved: boolean;
  /** Keeps these values (after the delay; a page hide writes at once). */
  save: (values: T) => void;
  /** Writes these values now (before a request whose answer may be lost). */
  saveNow: (values: T) => void;
  /** Forgets the draft for good: after a successful send, or the reader's "Discard draft". */
  clear: () => void;
}

/** A draft for any form state (plain `useState` forms); `useFormDraft` wires it to react-hook-form. */
export function useDraft<T>({
  form,
  accountId,
  schema,
  blank,
  secret = [],
  enabled = true,
  delay = DRAFT_SAVE_DELAY_MS,
}: DraftOptions<T>): Draft<T> {
  const key = accountId == null ? null : draftStorageKey(form, accountId);
  const [restored] = useState(() => (key && enabled ? readDraft(key, schema) : null));
  const [saved, setSaved] = useState(restored !== null);
  const pending = useRef<{ values: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  const settings = useRef({ key, enabled, blank, secret });
  useEffect(() => {
    settings.current = { key, enabled, blank, secret };
  });

  const write = useCallback((values: T) => {
    const { key: current, enabled: on, blank: untouched, secret: hidden } = settings.current;
    if (!current || !on) return;
    const kept = typeof values === "object" && values !== null ? without(values, hidden) : values;
    if (JSON.stringify(kept) === JSON.stringify(without(untouched as object, hidden))) {
      removeDraft(current);
      setSaved(false);
      return;
    }
    writeDraft(current, kept);
    setSaved(true);
  }, []);

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    write(waiting.values);
  }, [write]);

  const save = useCallback(
    (values: T) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { values, timer: setTimeout(flush, delay) };
    },
    [delay, flush],
  );

  const saveNow = useCallback(
    (values: T) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
      write(values);
    },
    [write],
  );

  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    if (settings.current.key) removeDraft(settings.current.key);
    setSaved(false);
  }, []);

  // A reload or a closed tab inside the delay still keeps the last key press; so does leaving the screen.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  return { restored, saved, save, saveNow, clear };
}

export interface FormDraftOptions<T extends FieldValues> extends DraftOptions<T> {
  watch: UseFormWatch<T>;
  reset: UseFormReset<T>;
}

export interface FormDraft {
  saved: boolean;
  /** Forgets the draft and puts the form back to `blank`: the reader's "Discard draft". */
  discard: () => void;
  /** Forgets the draft after a successful send. */
  clear: () => void;
}

/** A react-hook-form form's draft: restored with `reset` when the form opens, saved as it changes. */
export function useFormDraft<T extends FieldValues>({
  watch,
  reset,
  ...options
}: FormDraftOptions<T>): FormDraft {
  const draft = useDraft(options);
  const { restored, save, clear } = draft;
  const { blank } = options;

  useEffect(() => {
    // Restored over the untouched values, which stay the defaults: the form knows it was changed.
    if (restored) reset({ ...blank, ...restored }, { keepDefaultValues: true });
    // Only when the form opens: later renders must not put the draft back over what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const subscription = watch((values) => save(values as T));
    return () => subscription.unsubscribe();
  }, [watch, save]);

  const discard = useCallback(() => {
    clear();
    reset(blank);
  }, [clear, reset, blank]);

  return { saved: draft.saved, discard, clear };
}
