import { useState } from "react";
import { useNavigate } from "react-router";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { SignOutEverywherePanel } from "@/components/account/sign-out-everywhere-panel";
import { useT } from "@/lib/i18n/use-t";
import { endLabSession } from "@/lib/lab-session";

import { changeLabPassword } from "../api/change-lab-password";
import { labSignOutAll } from "../api/lab-sign-out-all";

/** The console's account settings: change the staff password, sign out of every device. */
export function LabAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("lab");
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setConfirming(false);
    onClose();
  };

  const signOutEverywhere = async () => {
    await labSignOutAll();
    endLabSession("everywhere");
    void navigate(paths.labLogin.href(), { replace: true });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t("lab.account.title")}
      description={t("lab.account.description")}
      className="sm:max-w-lg"
    >
      <div className="space-y-6">
        <section aria-labelledby="lab-account-password-title" className="space-y-3">
          <h3 id="lab-account-password-title" className="text-base font-semibold text-slate-900">
            {t("lab.account.changePassword")}
          </h3>
          <ChangePasswordForm idPrefix="lab-account-password" submit={changeLabPassword} />
        </section>
        <section
          aria-labelledby="lab-account-sessions-title"
          className="space-y-3 border-t border-slate-200 pt-4"
        >
          <h3 id="lab-account-sessions-title" className="text-base font-semibold text-slate-900">
            {t("lab.account.signOutAll")}
          </h3>
          {confirming ? (
            <SignOutEverywherePanel confirm={signOutEverywhere} onCancel={() => setConfirming(false)} />
          ) : (
            <>
              <p className="text-sm text-slate-700">{t("lab.account.signOutAllHint")}</p>
              <Button variant="outline" className="min-h-11" onClick={() => setConfirming(true)}>
                {t("lab.account.signOutAll")}
              </Button>
            </>
          )}
        </section>
      </div>
    </Dialog>
  );
}
