import { FieldShell } from "@/features/field/components/field-shell";
import { JoinForm } from "@/features/field/components/join-form";
import { useFieldManifest } from "@/features/field/hooks/use-field-manifest";

/** /field/join?token=…: the invitation link; the agent sets a password and is signed in. */
export default function FieldJoinRoute() {
  useFieldManifest();
  return (
    <FieldShell session={null}>
      <JoinForm />
    </FieldShell>
  );
}
