/** Below this width the form sits above the list (one column). */
export const NARROW_SCREEN_QUERY = "(max-width: 1023px)";

/**
 * Brings the edit form into view: always on narrow screens (docs/product-rules.md, Layout), and on
 * wide ones only when it is out of sight.
 */
export function scrollFormIntoView(element: HTMLElement | null): void {
  if (!element || typeof element.scrollIntoView !== "function") return;
  const narrow = typeof window.matchMedia === "function" && window.matchMedia(NARROW_SCREEN_QUERY).matches;
  const { top } = element.getBoundingClientRect();
  if (narrow || top < 0 || top > window.innerHeight) {
    element.scrollIntoView({ behavior: "smooth", block: "start" });
  }
}
