import { Dialog } from "@/components/ui/dialog";
import { SignOutEverywherePanel } from "@/components/account/sign-out-everywhere-panel";
import { useLeaveToSignIn } from "@/hooks/use-leave-to-sign-in";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";

import { signOutAll } from "../api/sign-out-all";

/** The user menu's 'Sign out of all devices', with its confirm step. */
export function SignOutEverywhereDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("account");
  const user = useUser();
  const leaveToSignIn = useLeaveToSignIn();
  if (!user) return null;

  const confirm = async () => {
    await signOutAll(user.id);
    leaveToSignIn({
      kind: "signin",
      email: user.email ?? "",
      notice: "signedOutEverywhere",
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("account.userMenu.signOutAllTitle")}
      className="sm:max-w-md"
    >
      <SignOutEverywherePanel confirm={confirm} onCancel={onClose} />
    </Dialog>
  );
}
