import { Fragment, type ReactNode } from "react";

/** Stands for the link while the sentence is translated; never typed by a person. */
export const LINK_SLOT = "\u2063LINK\u2063";

/**
 * A translated sentence with a link where its {link} placeholder was ("Replaced by {link}"): the
 * word order around the link is the language's, not English's.
 */
export function WithLink({ text, link }: { text: string; link: ReactNode }) {
  const [before = "", ...rest] = text.split(LINK_SLOT);
  return (
    <>
      {before}
      {rest.map((after, index) => (
        <Fragment key={index}>
          {link}
          {after}
        </Fragment>
      ))}
    </>
  );
}
