import {
  EMAIL_MAX,
  LOT_CODE_LENGTH,
  SHARE_MAX_DAYS,
  createShareRequestSchema,
  type Share,
} from "@lab/contracts";
import { Handshake, X } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { isApiError, shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useCreateShare } from "../api/create-share";
import { useFarmChoices } from "../api/get-farm-choices";
import { useShares } from "../api/get-shares";
import { useRevokeShare } from "../api/revoke-share";

type Kind = "farm" | "lot";
type FieldName = "farmId" | "lotCode" | "granteeEmail" | "expiresAt";
const FIELDS: readonly FieldName[] = ["farmId", "lotCode", "granteeEmail", "expiresAt"];
const KINDS: readonly Kind[] = ["farm", "lot"];

/** India's calendar day `days` after today (YYYY-MM-DD): the date field's bounds. */
const indiaDay = (days = 0, now: Date = new Date()): string =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(now.getTime() + days * 24 * 3600_000));

// Refusals the server gives without naming a field, placed under the field they are about.
const FIELD_OF_CODE: Record<string, FieldName> = {
  farm_not_found: "farmId",
  lot_not_found: "lotCode",
  grantee_unknown: "granteeEmail",
  share_with_self: "granteeEmail",
};

/**
 * The organisation's shares with buyers: admins share a farm or one harvest lot with another
 * organisation (named by a member's e-mail) until a last day, and revoke; other members read the list.
 */
export function SharesSection({ organisationId, isAdmin }: { organisationId: number; isAdmin: boolean }) {
  const { t } = useT("shares");
  return (
    <section aria-labelledby="shares-heading" className="space-y-3">
      <h2 id="shares-heading" className="text-lg font-semibold text-slate-900">
        {t("shares.section.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("shares.section.intro")}</p>
      {isAdmin ? (
        <ShareForm organisationId={organisationId} />
      ) : (
        <p className="text-sm text-slate-700">{t("shares.section.readOnly")}</p>
      )}
      <CurrentShares organisationId={organisationId} isAdmin={isAdmin} />
    </section>
  );
}

export function ShareForm({ organisationId }: { organisationId: number }) {
  const { t, date } = useT("shares");
  const toast = useToast();
  const create = useCreateShare(organisationId);
  const farms = useFarmChoices(organisationId, true);
  const { ref, reveal } = useErrorReveal();
  const [kind, setKind] = useState<Kind>("farm");
  const [values, setValues] = useState({ farmId: "", lotCode: "", granteeEmail: "", expiresAt: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);

  const set = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const parsed = createShareRequestSchema.safeParse({
      ...(kind === "farm"
        ? { farmId: values.farmId === "" ? undefined : Number(values.farmId) }
        : { lotCode: values.lotCode }),
      granteeEmail: values.granteeEmail,
      expiresAt: values.expiresAt,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, Shown>> = {};
      for (const issue of parsed.error.issues) {
        let field = issue.path[0];
        // "Choose a farm or a lot" stands under the control shown.
        if (field === "farmId" && kind === "lot") field = "lotCode";
        if (typeof field === "string" && (FIELDS as readonly string[]).includes(field))
          found[field as FieldName] ??= issue.message;
      }
      setErrors(found);
      reveal();
      return;
    }
    setErrors({});
    // The last day as typed: the server ends the share at the close of that day in India.
    const share = {
      ...(kind === "farm" ? { farmId: Number(values.farmId) } : { lotCode: values.lotCode }),
      granteeEmail: values.granteeEmail,
      expiresAt: values.expiresAt,
    };
    create.mutate(
      { organisationId, share },
      {
        onSuccess: (made) => {
          toast.success(
            t("shares.form.shared", { organisation: made.grantee.name, date: date(made.lastDay, "date") }),
          );
          setValues({ farmId: "", lotCode: "", granteeEmail: "", expiresAt: "" });
        },
        onError: (failure) => {
          const named = serverFieldError(failure);
          const code = isApiError(failure) ? failure.messageCode : undefined;
          let field: string | undefined = named?.field ?? (code ? FIELD_OF_CODE[code] : undefined);
          if (code === "share_exists" || field === "farmId" || field === "lotCode")
            field = kind === "farm" ? "farmId" : "lotCode";
          if (field === "granteeOrganisationId") field = "granteeEmail";
          if (field && (FIELDS as readonly string[]).includes(field))
            setErrors({ [field as FieldName]: named?.message ?? shownOf(failure) });
          else setBanner(shownOf(failure));
          reveal();
        },
      },
    );
  };

  const farmItems = farms.data?.items ?? [];
  return (
    <Card>
      <CardBody>
        <form
          ref={ref}
          onSubmit={submit}
          noValidate
          aria-label={t("shares.form.label")}
          className="space-y-4"
        >
          <ErrorBanner message={banner} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">{t("shares.form.what")}</legend>
            <div className="flex flex-col gap-2 sm:flex-row">
              {KINDS.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 has-[:checked]:border-cyan-700 has-[:checked]:bg-cyan-50"
                >
                  <input
                    type="radio"
                    name="share-kind"
                    value={option}
                    checked={kind === option}
                    className="h-5 w-5 shrink-0"
                    onChange={() => {
                      setKind(option);
                      setErrors({});
                    }}
                  />
                  {option === "farm" ? t("shares.form.kindFarm") : t("shares.form.kindLot")}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === "farm" ? (
            <Field id="share-farm" label={t("shares.form.farm")} error={errors.farmId} required>
              {farms.isError ? (
                <Alert tone="error" message={shownOf(farms.error)} />
              ) : farms.isPending ? (
                <LoadingState label={t("shares.list.loading")} />
              ) : farmItems.length === 0 ? (
                <p className="text-sm text-slate-700">{t("shares.form.noFarms")}</p>
              ) : (
                <Select
                  id="share-farm"
                  className="min-h-11"
                  value={values.farmId}
                  invalid={Boolean(errors.farmId)}
                  aria-required="true"
                  aria-describedby={describedBy("share-farm", errors.farmId)}
                  onChange={(event) => set("farmId", event.target.value)}
                >
                  <option value="">{t("shares.form.chooseFarm")}</option>
                  {farmItems.map((farm) => (
                    <option key={farm.id} value={String(farm.id)}>
                      {farm.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : (
            <Field
              id="share-lot"
              label={t("shares.form.lotCode")}
              error={errors.lotCode}
              hint={t("shares.form.lotCodeHint")}
              required
            >
              <Input
                id="share-lot"
                className="min-h-11 font-mono"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                // Room for the dashes and spaces a code is often written with.
                maxLength={LOT_CODE_LENGTH + 10}
                value={values.lotCode}
                invalid={Boolean(errors.lotCode)}
                aria-required="true"
                aria-describedby={describedBy("share-lot", errors.lotCode, true)}
                onChange={(event) => set("lotCode", event.target.value)}
              />
            </Field>
          )}
          <Field
            id="share-email"
            label={t("shares.form.granteeEmail")}
            error={errors.granteeEmail}
            hint={t("shares.form.granteeHint")}
            required
          >
            <Input
              id="share-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              className="min-h-11"
              maxLength={EMAIL_MAX}
              value={values.granteeEmail}
              invalid={Boolean(errors.granteeEmail)}
              aria-required="true"
              aria-describedby={describedBy("share-email", errors.granteeEmail, true)}
              onChange={(event) => set("granteeEmail", event.target.value)}
            />
          </Field>
          <Field
            id="share-until"
            label={t("shares.form.lastDay")}
            error={errors.expiresAt}
            hint={t("shares.form.lastDayHint")}
            required
          >
            <Input
              id="share-until"
              type="date"
              className="min-h-11"
              min={indiaDay()}
              max={indiaDay(SHARE_MAX_DAYS)}
              value={values.expiresAt}
              invalid={Boolean(errors.expiresAt)}
              aria-required="true"
              aria-describedby={describedBy("share-until", errors.expiresAt, true)}
              onChange={(event) => set("expiresAt", event.target.value)}
            />
          </Field>
          <Button
            type="submit"
            className="min-h-11 w-full sm:w-auto"
            isLoading={create.isPending}
            icon={<Handshake aria-hidden="true" className="h-4 w-4" />}
          >
            {t("shares.form.submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

const targetName = (share: Share) => (share.lot ? share.lot.code : share.farm.name);

export function CurrentShares({ organisationId, isAdmin }: { organisationId: number; isAdmin: boolean }) {
  const { t, date } = useT("shares");
  const toast = useToast();
  const shares = useShares(organisationId);
  const revoke = useRevokeShare(organisationId);
  const [asking, setAsking] = useState<Share | null>(null);
  const [error, setError] = useState<Shown | null>(null);

  const confirm = () => {
    if (!asking) return;
    setError(null);
    revoke.mutate(
      { organisationId, shareId: asking.id },
      {
        onSuccess: () => {
          toast.success(t("shares.revoke.done"));
          setAsking(null);
        },
        onError: (failure) => setError(shownOf(failure)),
      },
    );
  };

  if (shares.isError) return <Alert tone="error" message={shownOf(shares.error)} />;
  if (shares.isPending) return <LoadingState label={t("shares.list.loading")} />;
  const items = shares.data.items;
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">{t("shares.list.title")}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t("shares.list.empty")}</p>
      ) : (
        <ul aria-label={t("shares.list.title")} className="space-y-2">
          {items.map((share) => (
            <li
              key={share.id}
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm [overflow-wrap:anywhere]"
            >
              <p className="font-medium text-slate-900">
                {share.lot
                  ? t("shares.list.lot", { code: share.lot.code, name: share.farm.name })
                  : t("shares.list.farm", { name: share.farm.name })}
              </p>
              <p className="text-slate-700">{t("shares.list.with", { organisation: share.grantee.name })}</p>
              <p className="text-xs text-slate-600">
                {t("shares.list.until", { date: date(share.lastDay, "date") })}
                {share.createdBy ? ` · ${t("shares.list.by", { name: share.createdBy })}` : null}
              </p>
              {isAdmin ? (
                <Button
                  variant="outline"
                  className="mt-2 min-h-11 text-red-800"
                  icon={<X aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t("shares.revoke.label", { organisation: share.grantee.name })}
                  onClick={() => {
                    setError(null);
                    setAsking(share);
                  }}
                >
                  {t("shares.revoke.button")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t("shares.revoke.title")}
        confirmLabel={t("shares.revoke.button")}
        tone="danger"
        busy={revoke.isPending}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      >
        {error ? <Alert tone="error" message={error} /> : null}
        <p>
          {asking
            ? t("shares.revoke.confirm", {
                organisation: asking.grantee.name,
                target: asking.target,
                name: targetName(asking),
              })
            : null}
        </p>
      </ConfirmDialog>
    </div>
  );
}
