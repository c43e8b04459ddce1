import { Suspense } from "react";

import { useMessageText } from "./localized-names";

function Localized({ text, messageCode }: { text: string; messageCode?: string | undefined }) {
  const localize = useMessageText();
  return <>{localize(text, messageCode)}</>;
}

/**
 * One of the spec's messages in the reader's language. The "errors" namespace loads on the first
 * message shown (not with the page, to keep /login small); until then the English shows.
 */
export function LocalizedMessage({ text, messageCode }: { text: string; messageCode?: string | undefined }) {
  return (
    <Suspense fallback={text}>
      <Localized text={text} messageCode={messageCode} />
    </Suspense>
  );
}
