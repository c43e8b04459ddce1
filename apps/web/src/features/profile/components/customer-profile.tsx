import { MailPlus, Pencil, RefreshCw, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";

import type { Customer } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { focusWhenShown } from "@/components/ui/focus-next";
import { LoadingState } from "@/components/ui/spinner";
import { draftStorageKey, readDraft, removeDraft } from "@/hooks/use-form-draft";
import { useUser } from "@/lib/auth";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { ROLE_LABELS } from "@/components/organisation/member-labels";

import { useCustomer } from "../api/get-customer";
import { profileErrorMessage } from "../utils/profile-errors";
import { AccountInformation } from "./account-information";
import { ChangePasswordSection } from "./change-password-section";
import { DefaultMarketsSection } from "./default-markets-section";
import { LanguageSection } from "./language-section";
import { PhoneSection } from "./phone-section";
import { PROFILE_DRAFT_FORM, ProfileForm, profileDraftSchema } from "./profile-form";

/** Cards another feature sets in the profile: the notice choices, given the account they are for. */
interface ProfileSlots {
  notices?: (customer: Customer) => ReactNode;
}

/** The Customer Profile screen. */
export function CustomerProfile(slots: ProfileSlots) {
  const user = useUser();
  if (!user) return null;
  return <CustomerProfileFor userId={user.id} {...slots} />;
}

function CustomerProfileFor({ userId, notices }: { userId: number } & ProfileSlots) {
  const { t } = useT("account", "organisation");
  const storedUser = useUser();
  const query = useCustomer(userId);
  // Changes left unsaved (a reload, a closed tab) open the form again with them.
  const [editing, setEditing] = useState(
    () => readDraft(draftStorageKey(PROFILE_DRAFT_FORM, userId), profileDraftSchema) !== null,
  );
  const customer = query.data ?? storedUser;
  const cancelled = useRef(false);
  // After the form is gone (its last keystrokes written as it closes): Cancel drops the changes.
  useEffect(() => {
    if (editing || !cancelled.current) return;
    cancelled.current = false;
    removeDraft(draftStorageKey(PROFILE_DRAFT_FORM, userId));
  }, [editing, userId]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{t("account.profile.title")}</h1>
          <p className="text-sm text-slate-700">{t("account.profile.manageInfo")}</p>
          {customer ? (
            <p className="mt-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
              {t("organisation.profile.membership", {
                organisation: customer.organisation.name,
                role: t(ROLE_LABELS[customer.role]),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            icon={
              <RefreshCw
                aria-hidden="true"
                className={query.isFetching ? "h-4 w-4 animate-spin" : "h-4 w-4"}
              />
            }
          >
            {t("account.profile.refresh")}
          </Button>
          <Button
            variant={editing ? "outline" : "primary"}
            onClick={() => {
              cancelled.current = editing;
              setEditing(!editing);
            }}
            disabled={!customer}
            icon={
              editing ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pencil aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {editing ? t("common.cancel") : t("account.profile.edit")}
          </Button>
        </div>
      </div>

      {query.isError ? (
        <Alert tone="error" className="border-red-300 bg-red-50">
          <LocalizedMessage text={profileErrorMessage(query.error, "load")} />
        </Alert>
      ) : null}

      {query.isPending && !query.isError ? (
        <LoadingState label={t("account.profile.loading")} />
      ) : customer ? (
        <Card>
          <CardBody className="space-y-6">
            {customer.email === null ? (
              // Signed up with a mobile number: say plainly what an address is for, and open the form at it.
              <Alert tone="info">
                <p>{t("account.profile.email.none")}</p>
                {editing ? null : (
                  <Button
                    variant="outline"
                    className="mt-2 min-h-11"
                    icon={<MailPlus aria-hidden="true" className="h-4 w-4" />}
                    onClick={() => {
                      setEditing(true);
                      focusWhenShown("#profile-email");
                    }}
                  >
                    {t("account.profile.email.add")}
                  </Button>
                )}
              </Alert>
            ) : null}
            <ProfileForm
              key={`${customer.updatedAt}-${String(editing)}`}
              customer={customer}
              editing={editing}
              idPrefix="profile"
              onSaved={() => setEditing(false)}
            />
            <AccountInformation customer={customer} />
          </CardBody>
        </Card>
      ) : null}

      {customer ? (
        <Card>
          <CardBody>
            <PhoneSection customer={customer} />
          </CardBody>
        </Card>
      ) : null}

      {query.data ? (
        <Card>
          <CardBody>
            <DefaultMarketsSection
              // The saved markets are the starting point: a save or a refresh restarts from them.
              key={`${query.data.updatedAt}-${query.data.defaultMarkets.join(",")}`}
              customer={query.data}
            />
          </CardBody>
        </Card>
      ) : null}

      <Card>
        <CardBody>
          <LanguageSection />
        </CardBody>
      </Card>

      {customer && notices ? notices(customer) : null}

      <Card>
        <CardBody>
          <ChangePasswordSection customerId={userId} idPrefix="profile" />
        </CardBody>
      </Card>
    </div>
  );
}
