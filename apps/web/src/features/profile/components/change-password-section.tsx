import { ChevronDown, KeyRound } from "lucide-react";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { useT } from "@/lib/i18n/use-t";

import { changePassword } from "../api/change-password";

/** 'Change Password' of the profile screen and the Profile Settings modal, folded until asked for. */
export function ChangePasswordSection({
  customerId,
  idPrefix,
  headingLevel = 2,
}: {
  customerId: number;
  idPrefix: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useT("account");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={`${idPrefix}-password-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`${idPrefix}-password-title`} className="text-base font-semibold text-slate-900">
          {t("account.profile.password.title")}
        </Heading>
        <Button
          variant="outline"
          className="min-h-11"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
        >
          {t("account.profile.password.change")}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-4 w-4 transition-transform", open && "rotate-180")}
          />
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? (
          <ChangePasswordForm
            idPrefix={`${idPrefix}-password`}
            submit={(input) => changePassword({ id: customerId, ...input })}
          />
        ) : null}
      </div>
    </section>
  );
}
