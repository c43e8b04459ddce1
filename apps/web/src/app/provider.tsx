import { useEffect, type ReactNode } from "react";

import { TOAST_DURATION_MS } from "@lab/contracts";
import type { MessageKey, Namespace } from "@lab/i18n";

import { ToastProvider, useToast } from "@/components/ui/toast";
import { onLogout } from "@/lib/auth";
import { getLanguage, loadNamespaces, translate } from "@/lib/i18n/i18n";

/**
 * A warning from a catalogue no page has loaded up front: fetched when the session ends, so the entry
 * chunk does not carry the catalogue (the /login budget). If it cannot be fetched, the toast shows the
 * ended-session message, which loads its own.
 */
function warnWith(toast: ReturnType<typeof useToast>, ns: Namespace, key: MessageKey) {
  loadNamespaces(getLanguage(), [ns]).then(
    () => toast.warning(translate(key)),
    () => toast.warning({ key: "sessionEnded" }),
  );
}

/**
 * Warns when the expiry timer ends the session, or when a refused token shows it was ended elsewhere
 * (signed out everywhere, password reset or changed on another device), in the reader's language.
 */
function SessionWatcher() {
  const toast = useToast();
  useEffect(
    () =>
      onLogout((reason) => {
        if (reason === "expired") warnWith(toast, "auth", "auth.session.expired");
        else if (reason === "unauthorized") warnWith(toast, "errors", "errors.sessionEnded");
      }),
    [toast],
  );
  return null;
}

/** App-wide providers. TanStack Query is provided by the signed-in shell (app/routes/app/root.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider duration={TOAST_DURATION_MS}>
      <SessionWatcher />
      {children}
    </ToastProvider>
  );
}
