// One way for every form to show its first error where the eye is: scrolled into view below the sticky
// header, marked on its field (aria-invalid, aria-describedby pointing at the text beside it) and
// focused. A server error that names its field (`{ error, code, field }`) is shown at that field.
import { useCallback, useEffect, useRef, useState } from "react";

import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";

import { Alert } from "./alert";
import { cn } from "./cn";

/** Keeps a revealed element clear of the 116 px sticky header when the browser scrolls it to the top. */
export const ERROR_SCROLL_MARGIN = "scroll-mt-36";

const REVEAL_TRIES = 20;
const REVEAL_RETRY_MS = 25;

const FIRST_ERROR_SELECTOR = '[aria-invalid="true"], [data-error-banner]';

/** Scrolls `target` into the middle of the screen (below the sticky header) and focuses it. */
export function revealError(target: HTMLElement): void {
  // A banner is not focusable by itself; -1 lets a script focus it without adding a tab stop.
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  // jsdom has no scrollIntoView.
  if (typeof target.scrollIntoView === "function") target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/** The first error in document order: an invalid field or an error banner. */
export function firstError(container: ParentNode): HTMLElement | null {
  return container.querySelector<HTMLElement>(FIRST_ERROR_SELECTOR);
}

/**
 * A form's reveal: put `ref` on the form, call `reveal()` whenever a submit (or its server answer)
 * leaves errors; after React has shown them, the first one is scrolled into view and focused.
 * Each call reveals again, even when the error is the same as before.
 */
export function useErrorReveal<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    // A form library may publish its errors a render after calling back (react-hook-form calls
    // onInvalid before it updates formState): look again for a few frames until the error is there.
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const target = ref.current ? firstError(ref.current) : null;
      if (target) revealError(target);
      else if ((tries += 1) < REVEAL_TRIES) timer = setTimeout(look, REVEAL_RETRY_MS);
    };
    look();
    return () => clearTimeout(timer);
  }, [attempt]);
  const reveal = useCallback(() => setAttempt((count) => count + 1), []);
  return { ref, reveal };
}

export interface FieldError {
  /** The request field as the API names it: a dotted path such as `farmers.2.phoneNumber`. */
  field: string;
  message: Shown;
  /** The server's `messageCode`, to show the message in the reader's language. */
  messageCode?: string | undefined;
}

/** A 4xx API error that names its field, else null (then the form shows a banner). */
export function serverFieldError(error: unknown): FieldError | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const body = error.body;
  if (typeof body !== "object" || body === null) return null;
  const { field, error: message } = body as Record<string, unknown>;
  if (typeof field !== "string" || field === "" || typeof message !== "string" || message === "") return null;
  // A message with values is kept by key with its values, shown in the reader's language when it
  // renders (the "errors" texts may not be loaded yet); a plain one as the server's English with its
  // code, shown by the code.
  const shown = error.params === undefined ? message : error.shown;
  return { field, message: shown, messageCode: error.messageCode };
}

/** Form errors by field, with a setter that clears a field's error as soon as it is edited. */
export function useFieldErrors<K extends string = string>() {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const clear = useCallback(
    (field: K) =>
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const next: Partial<Record<K, string>> = {};
        for (const key of Object.keys(current) as K[]) if (key !== field) next[key] = current[key];
        return next;
      }),
    [],
  );
  return { errors, setErrors, clear };
}

/**
 * Marks a control this form does not render itself (a shared combobox) as invalid, pointing at the
 * error text shown beside it. Attributes are removed again when the error goes.
 */
export function useMarkInvalid(controlId: string, errorId: string, invalid: boolean): void {
  useEffect(() => {
    if (!invalid) return;
    const control = document.getElementById(controlId);
    if (!control) return;
    const ids = () => (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const mark = () => {
      if (control.getAttribute("aria-invalid") !== "true") control.setAttribute("aria-invalid", "true");
      if (!ids().includes(errorId)) control.setAttribute("aria-describedby", [errorId, ...ids()].join(" "));
    };
    mark();
    // The control renders its own descriptions (a combobox's status while open): keep ours among them.
    const observer = new MutationObserver(mark);
    observer.observe(control, { attributes: true, attributeFilter: ["aria-describedby", "aria-invalid"] });
    return () => {
      observer.disconnect();
      control.removeAttribute("aria-invalid");
      // Only this error's id goes: the control may have changed its own descriptions meanwhile.
      const rest = ids().filter((id) => id !== errorId);
      if (rest.length === 0) control.removeAttribute("aria-describedby");
      else control.setAttribute("aria-describedby", rest.join(" "));
    };
  }, [controlId, errorId, invalid]);
}

/**
 * An error text beside a control, tied to it by `id` (the control's aria-describedby); a spec message
 * shows in the reader's language.
 */
export function FieldErrorText({
  id,
  message,
  messageCode,
}: {
  id: string;
  message: Shown | undefined;
  messageCode?: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn("text-xs font-medium text-red-700", ERROR_SCROLL_MARGIN)}>
      <LocalizedMessage text={message} messageCode={messageCode} />
    </p>
  );
}

/**
 * The form's banner for an error that belongs to no single field. It is what `useErrorReveal` focuses
 * when no field is invalid.
 */
export function ErrorBanner({
  message,
  messageCode,
  className,
}: {
  message: Shown | null;
  /** The server's `messageCode` of `message`, when it came from the server. */
  messageCode?: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return <Alert tone="error" banner className={className} message={message} messageCode={messageCode} />;
}
