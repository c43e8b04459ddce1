import { Component, Suspense, type ReactNode } from "react";

import { fallbackOf, useMessageText, type Shown } from "./message-text";

function Localized({ text, messageCode }: { text: Shown; messageCode?: string | undefined }) {
  const localize = useMessageText();
  return <>{localize(text, messageCode)}</>;
}

/** The fallback when the "errors" namespace could not be fetched (offline): never a blank toast. */
class FallbackOnFailure extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.text : this.props.children;
  }
}

/**
 * A message in the reader's language, by its key (or the server's `messageCode`). The "errors"
 * namespace loads on the first message shown (not with the page, to keep /login small); until then,
 * or if it cannot be fetched, the server's English (or the text as it came) shows.
 */
export function LocalizedMessage({ text, messageCode }: { text: Shown; messageCode?: string | undefined }) {
  const fallback = fallbackOf(text);
  return (
    <FallbackOnFailure text={fallback}>
      <Suspense fallback={fallback}>
        <Localized text={text} messageCode={messageCode} />
      </Suspense>
    </FallbackOnFailure>
  );
}
