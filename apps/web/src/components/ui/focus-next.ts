// Focus after a step (an account created, an e-mail verified, a sample submitted) goes to the next
// thing to do, not to the page body: the next screen's heading or its first field.

const POLL_MS = 50;
const POLL_TIMES = 40;

/**
 * Focuses the first element matching `selector` once it is shown (the next screen may render a moment
 * later, or load lazily). A heading gets tabIndex -1 so it can hold focus without becoming a tab stop.
 * `skip` is an element that matches but belongs to the screen being left. Returns a cancel function.
 * It gives up once the focus has moved on to something else (the user went on typing elsewhere, or
 * the page that asked is long gone): a late poll must never pull the focus out of a field.
 */
export function focusWhenShown(selector: string, skip?: Element | null): () => void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const focusedAtStart = document.activeElement;
  const attempt = () => {
    // A poll that outlives its page (a test environment torn down) has nothing left to focus.
    if (typeof document === "undefined") return;
    const focused = document.activeElement;
    if (focused !== focusedAtStart && focused !== null && focused !== document.body) return;
    const target = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
      (element) => element !== skip && element.isConnected,
    );
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tabIndex < 0) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      if (typeof target.scrollIntoView === "function") target.scrollIntoView({ block: "center" });
      return;
    }
    tries += 1;
    if (tries < POLL_TIMES) timer = setTimeout(attempt, POLL_MS);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}
