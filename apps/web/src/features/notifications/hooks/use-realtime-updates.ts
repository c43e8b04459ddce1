// The signed-in shell's live connection: the client is imported on demand (never on /login), once the
// first screen's data is in (on a slow line its 23 KB would otherwise share the line with that data;
// the connection refetches on connect, so nothing pushed meanwhile is missed). Its state feeds the
// bell, its messages land in the query cache, its alarms become toasts.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { useToast } from "@/components/ui/toast";
import { useSession } from "@/lib/auth";
import { afterFirstScreen } from "@/lib/first-screen";

import { setConnectionStatus } from "../utils/connection-status";
import { applyNotification, applySampleUpdate, refetchLiveData } from "../utils/live-cache";
import { notificationTone } from "../utils/notification-tone";

export function useRealtimeUpdates(): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const session = useSession();
  const token = session?.token.token;
  const userId = session?.user.id;

  useEffect(() => {
    if (token === undefined || userId === undefined) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    setConnectionStatus("connecting");
    void afterFirstScreen(queryClient)
      .then(() => import("@/lib/realtime"))
      .then(({ createRealtimeConnection }) => {
        if (cancelled) return;
        // A re-sync notice means what a reconnect means: pushes may be missing, the database has them.
        const refetch = () => refetchLiveData(queryClient);
        const connection = createRealtimeConnection({
          token,
          userId,
          onState: setConnectionStatus,
          onConnected: refetch,
          onResync: refetch,
          onSample: (value) => applySampleUpdate(queryClient, value),
          onNotification: (value) => {
            const notification = applyNotification(queryClient, value);
            if (notification) {
              toast.show(
                notificationTone(notification.type),
                `${notification.title}: ${notification.message}`,
              );
            }
          },
          onShutdown: () => toast.warning("serverMaintenance"),
          onConnectionLost: () => toast.error("connectionLost"),
        });
        connection.start();
        stop = () => connection.stop();
      })
      // The client's chunk did not load (offline, a new deployment): manual mode.
      .catch(() => {
        if (!cancelled) setConnectionStatus("disconnected");
      });
    return () => {
      cancelled = true;
      stop?.();
      setConnectionStatus("disconnected");
    };
  }, [queryClient, toast, token, userId]);
}
