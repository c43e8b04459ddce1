import { revocationReasonText, type RevocationReason } from "@lab/contracts";

import { translateKnown } from "./i18n";
import { useT } from "./use-t";

// The spec's messages have their own module: /login's entry chunk shows them (toasts, the sign-in
// form) and must not carry contracts' schemas, which the revocation reasons below bring.
export { loadedMessageText, messageOf, messageText, said, useMessageText, type Shown } from "./message-text";

/** Names that arrive as data (a status, a shrimp category, a test type) in the reader's language. */
export function useDomainNames() {
  useT("domain");
  return {
    status: (status: string) => translateKnown(`domain.status.${status}`, status),
    category: (category: string) => translateKnown(`domain.category.${category}`, category),
    testType: (testType: string) => translateKnown(`domain.testType.${testType}`, testType),
    /** Why a report was revoked, by its code; the English wording until the namespace is in. */
    revocationReason: (code: RevocationReason) =>
      translateKnown(`domain.revocationReason.${code}`, revocationReasonText[code]),
  };
}
