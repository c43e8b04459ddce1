import { Dialog } from "@/components/ui/dialog";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";

import { AccountInformation } from "./account-information";
import { ChangePasswordSection } from "./change-password-section";
import { ProfileForm } from "./profile-form";

/** The user menu's View Profile: the profile form in a 'Profile Settings' modal. */
export function ProfileSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("account");
  const user = useUser();
  return (
    <Dialog
      open={open && user !== null}
      onClose={onClose}
      title={t("account.profile.settingsTitle")}
      description={t("account.profile.manageInfo")}
    >
      {user ? (
        <div className="space-y-5">
          <ProfileForm
            key={user.updatedAt}
            customer={user}
            editing
            idPrefix="settings"
            label={t("account.profile.settingsFormLabel")}
            onSaved={onClose}
            onCancel={onClose}
          />
          <AccountInformation customer={user} headingLevel={3} />
          <div className="border-t border-slate-200 pt-4">
            <ChangePasswordSection customerId={user.id} idPrefix="settings" headingLevel={3} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
