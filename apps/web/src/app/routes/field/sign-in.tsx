import { Navigate } from "react-router";

import { paths } from "@/config/paths";
import { FieldShell } from "@/features/field/components/field-shell";
import { FieldSignInForm } from "@/features/field/components/sign-in-form";
import { useFieldManifest } from "@/features/field/hooks/use-field-manifest";
import { useAgentSession } from "@/features/field/utils/agent-session";

/** /field/sign-in: a signed-in agent goes straight to the jobs. */
export default function FieldSignInRoute() {
  useFieldManifest();
  const session = useAgentSession();
  if (session) return <Navigate to={paths.field.href()} replace />;
  return (
    <FieldShell session={null}>
      <FieldSignInForm />
    </FieldShell>
  );
}
