import type { ReactNode } from "react";

// A character no message contains: where the element goes in the formatted sentence.
const SLOT = "\uE000";

/**
 * A translated sentence with one element inside it (an address in bold, a link, a button): the
 * message is formatted with a marker in the element's place and split around it, so each language
 * puts the element where its grammar wants it.
 */
export function Slotted({ text, children }: { text: (slot: string) => string; children: ReactNode }) {
  const [before = "", after = ""] = text(SLOT).split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
