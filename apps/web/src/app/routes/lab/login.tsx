import { Navigate } from "react-router";

import { paths } from "@/config/paths";
import { LabLoginForm } from "@/features/lab-auth/components/lab-login-form";
import { useLabSession } from "@/lib/lab-session";

/** /lab/login: signed-in staff go straight to the console. */
export default function LabLoginRoute() {
  const session = useLabSession();
  if (session) return <Navigate to={paths.lab.href()} replace />;
  return <LabLoginForm />;
}
