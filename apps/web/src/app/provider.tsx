import { useEffect, type ReactNode } from "react";

import { TOAST_DURATION_MS, messages } from "@lab/contracts";

import { ToastProvider, useToast } from "@/components/ui/toast";
import { onLogout } from "@/lib/auth";

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

/**
 * Warns when the expiry timer ends the session, or when a refused token shows it was ended elsewhere
 * (signed out everywhere, password reset or changed on another device).
 */
function SessionWatcher() {
  const toast = useToast();
  useEffect(
    () =>
      onLogout((reason) => {
        if (reason === "expired") toast.warning(SESSION_EXPIRED_MESSAGE);
        else if (reason === "unauthorized") toast.warning(messages.sessionEnded);
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
