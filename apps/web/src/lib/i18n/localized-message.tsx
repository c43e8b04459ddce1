import { Component, Suspense, type ReactNode } from "react";

import { useMessageText } from "./message-text";

function Localized({ text, messageCode }: { text: string; messageCode?: string | undefined }) {
  const localize = useMessageText();
  return <>{localize(text, messageCode)}</>;
}

/** The English text when the "errors" namespace could not be fetched (offline): never a blank toast. */
class EnglishOnFailure extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.text : this.props.children;
  }
}

/**
 * One of the spec's messages in the reader's language. The "errors" namespace loads on the first
 * message shown (not with the page, to keep /login small); until then, or if it cannot be fetched,
 * the English shows.
 */
export function LocalizedMessage({ text, messageCode }: { text: string; messageCode?: string | undefined }) {
  return (
    <EnglishOnFailure text={text}>
      <Suspense fallback={text}>
        <Localized text={text} messageCode={messageCode} />
      </Suspense>
    </EnglishOnFailure>
  );
}
