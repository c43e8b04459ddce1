import { useEffect, useState } from "react";

/**
 * Whether the API runs its dev mailbox (/dev/mailbox, outside production): always in Vite's dev
 * server, otherwise when GET /dev/mailbox.json answers 200.
 */
export function useDevMailbox(): boolean {
  const [available, setAvailable] = useState<boolean>(import.meta.env.DEV);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    const controller = new AbortController();
    fetch("/dev/mailbox.json", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => setAvailable(response.ok))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  return available;
}
