import { Suspense } from "react";
import { Navigate, Outlet } from "react-router";

import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { FieldShell } from "@/features/field/components/field-shell";
import { QueueBar } from "@/features/field/components/queue-panel";
import { useFieldManifest } from "@/features/field/hooks/use-field-manifest";
import { useQueue, useQueueSync } from "@/features/field/hooks/use-queue";
import { useAgentSession } from "@/features/field/utils/agent-session";
import { useT } from "@/lib/i18n/use-t";

function Fallback() {
  const { t } = useT();
  return <LoadingState label={t("common.loading")} className="min-h-[50vh]" />;
}

/**
 * The field app's guard and frame: no agent session → /field/sign-in. The queue is sent from here,
 * whichever field screen is open.
 */
export default function FieldRoot() {
  useFieldManifest();
  const session = useAgentSession();
  const items = useQueue();
  useQueueSync(items, session?.agent.id ?? null);
  if (!session) return <Navigate to={paths.fieldSignIn.href()} replace />;
  return (
    <FieldShell session={session}>
      <QueueBar items={items} />
      <Suspense fallback={<Fallback />}>
        <Outlet />
      </Suspense>
    </FieldShell>
  );
}
