import { useCallback } from "react";
import { useNavigate } from "react-router";

import { paths } from "@/config/paths";
import { logout } from "@/lib/auth";

import { handOffToSignIn, type SignInHandoff } from "@/lib/sign-in-handoff";

/**
 * After a call that ended this device's session on the server (sign out everywhere, an e-mail
 * change): sign out here and open the sign-in card at the step `handoff` names.
 */
export function useLeaveToSignIn(): (handoff: SignInHandoff) => void {
  const navigate = useNavigate();
  return useCallback(
    (handoff: SignInHandoff) => {
      handOffToSignIn(handoff);
      logout("user");
      void navigate(paths.login.href(), { replace: true });
    },
    [navigate],
  );
}
