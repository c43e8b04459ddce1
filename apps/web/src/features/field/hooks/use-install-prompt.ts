import { useEffect, useState } from "react";

/** Chromium's install event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const DISMISSED_KEY = "fieldInstallDismissed";

/** The browser's offer to install the field app, when it makes one and the agent has not said no. */
export function useInstallPrompt(): { canInstall: boolean; install: () => void; dismiss: () => void } {
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(DISMISSED_KEY) === "1";
    } catch {
      return false;
    }
  });
  useEffect(() => {
    const onPrompt = (prompt: Event) => {
      prompt.preventDefault();
      setEvent(prompt as InstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);
  return {
    canInstall: event !== null && !dismissed,
    install: () => {
      if (!event) return;
      void event.prompt().catch(() => undefined);
      void event.userChoice.finally(() => setEvent(null));
    },
    dismiss: () => {
      setDismissed(true);
      try {
        localStorage.setItem(DISMISSED_KEY, "1");
      } catch {
        // Private mode: dismissed for this visit only.
      }
    },
  };
}
