import { Ban, Plus, RotateCcw, Save } from "lucide-react";
import { useState, type FormEvent } from "react";

import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  STAFF_ROLES,
  addStaffRequestSchema,
  type StaffMember,
  type StaffRole,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useAddStaff } from "../api/add-staff";
import { useStaff } from "../api/get-staff";
import { useUpdateStaff } from "../api/update-staff";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { messageText } from "@/lib/i18n/localized-names";
import { ROLE_LABELS, ROLE_NAMES, hasRole } from "@/lib/lab-staff-roles";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

const errorText = (error: unknown) => shownOf(error);

/** Staff (admins): every account with its roles; add one, change roles, deactivate or reactivate. */
export function StaffPage() {
  const { t } = useT("lab");
  const me = useCurrentStaff();
  if (!hasRole(me, "admin")) {
    return (
      <div className="mx-auto max-w-xl py-8">
        <Alert tone="info">{t("lab.staff.adminOnly")}</Alert>
      </div>
    );
  }
  return <StaffAdmin selfId={me?.id ?? 0} />;
}

function StaffAdmin({ selfId }: { selfId: number }) {
  const { t } = useT("lab");
  const staff = useStaff();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("lab.staff.title")}</h1>
        <p className="text-sm text-slate-700">{t("lab.staff.intro")}</p>
      </div>
      <AddStaffForm />
      {staff.isError ? (
        <Alert tone="error" message={staff.error.message} />
      ) : staff.isPending ? (
        <LoadingState label={t("lab.staff.loading")} />
      ) : (
        <ul aria-label={t("lab.staff.listLabel")} className="grid gap-3 md:grid-cols-2">
          {staff.data.map((member) => (
            <StaffCard key={member.id} member={member} self={member.id === selfId} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RoleBoxes({
  idPrefix,
  roles,
  onChange,
  error,
  legend,
}: {
  idPrefix: string;
  roles: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: Shown | undefined;
  legend: string;
}) {
  const { t } = useT("lab");
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${idPrefix}-roles-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={roles.includes(role)}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? STAFF_ROLES.filter((one) => one === role || roles.includes(one))
                    : roles.filter((one) => one !== role),
                )
              }
            />
            <span className="min-w-0 break-words">{t(ROLE_LABELS[role])}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-roles-error`} role="alert" className="text-xs font-medium text-red-700">
          <LocalizedMessage text={error} />
        </p>
      ) : null}
    </fieldset>
  );
}

type AddField = "email" | "name" | "password" | "roles";

const INPUT_TYPES = { email: "email", name: "text", password: "password" } as const;

function AddStaffForm() {
  const { t } = useT("lab");
  const add = useAddStaff();
  const toast = useToast();
  const [values, setValues] = useState({ email: "", name: "", password: "" });
  const [roles, setRoles] = useState<StaffRole[]>(["analyst"]);
  const [errors, setErrors] = useState<Partial<Record<AddField, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);
  const { ref, reveal } = useErrorReveal();

  const set = (field: "email" | "name" | "password", value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const parsed = addStaffRequestSchema.safeParse({ ...values, roles });
    if (!parsed.success) {
      const found: Partial<Record<AddField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === "string" && field in values) found[field as AddField] ??= issue.message;
        if (field === "roles") found.roles ??= issue.message;
      }
      setErrors(found);
      reveal();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (member) => {
        toast.success(t("lab.staff.added", { name: member.name }));
        setValues({ email: "", name: "", password: "" });
        setRoles(["analyst"]);
      },
      onError: (failure) => {
        const field = serverFieldError(failure);
        const known =
          field && ["email", "name", "password", "roles"].includes(field.field.split(".")[0] ?? "");
        if (field && known) setErrors({ [field.field.split(".")[0] as AddField]: field.message });
        else setBanner(errorText(failure));
        reveal();
      },
    });
  };

  const text = (field: "email" | "name" | "password", label: string, max: number) => (
    <Field id={`staff-${field}`} label={label} error={errors[field]} required>
      <Input
        id={`staff-${field}`}
        type={INPUT_TYPES[field]}
        className="min-h-11"
        autoComplete={field === "password" ? "new-password" : "off"}
        maxLength={max}
        value={values[field]}
        invalid={Boolean(errors[field])}
        aria-describedby={describedBy(`staff-${field}`, errors[field])}
        aria-required="true"
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  return (
    <Card>
      <CardBody>
        <form
          ref={ref}
          onSubmit={submit}
          noValidate
          aria-label={t("lab.staff.addLabel")}
          className="space-y-3"
        >
          <h2 className="text-lg font-semibold text-slate-900">{t("lab.staff.addTitle")}</h2>
          <ErrorBanner message={banner} />
          <div className="grid gap-3 md:grid-cols-3">
            {text("email", t("lab.staff.email"), EMAIL_MAX)}
            {text("name", t("lab.staff.name"), NAME_MAX)}
            {text("password", t("lab.staff.password"), PASSWORD_MAX)}
          </div>
          <RoleBoxes
            idPrefix="staff-new"
            legend={t("lab.staff.roles")}
            roles={roles}
            error={errors.roles}
            onChange={(next) => {
              setRoles(next);
              setErrors((current) => ({
                ...current,
                roles: next.length === 0 ? "staffRolesRequired" : undefined,
              }));
            }}
          />
          <Button
            type="submit"
            isLoading={add.isPending}
            className="w-full sm:w-auto"
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {t("lab.staff.add")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function StaffCard({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useT("lab");
  const update = useUpdateStaff();
  const toast = useToast();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [error, setError] = useState<Shown | null>(null);
  const changed = roles.join() !== member.roles.join();

  const save = (change: { roles?: StaffRole[]; active?: boolean }, done: string) => {
    setError(null);
    update.mutate(
      { id: member.id, change },
      { onSuccess: () => toast.success(done), onError: (failure) => setError(errorText(failure)) },
    );
  };

  return (
    <li
      aria-label={member.name}
      className={cn(
        "min-w-0 space-y-3 rounded-xl border bg-white p-4",
        member.active ? "border-slate-200" : "border-slate-300 bg-slate-50",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">
            {self ? t("lab.staff.you", { name: member.name }) : member.name}
          </p>
          <p className="text-sm break-all text-slate-700">{member.email}</p>
          <p className="text-xs text-slate-600">
            {member.roles.map((role) => t(ROLE_NAMES[role])).join(", ") || t("lab.staff.noRoles")}
          </p>
        </div>
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 text-xs font-semibold",
            member.active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
          )}
        >
          {member.active ? t("lab.staff.active") : t("lab.staff.deactivated")}
        </span>
      </div>
      {error ? <Alert tone="error" message={error} /> : null}
      <RoleBoxes
        idPrefix={`staff-${member.id}`}
        legend={t("lab.staff.rolesOf", { name: member.name })}
        roles={roles}
        error={roles.length === 0 ? "staffRolesRequired" : undefined}
        onChange={setRoles}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!changed || roles.length === 0}
          isLoading={update.isPending && update.variables.change.roles !== undefined}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
          onClick={() => save({ roles }, t("lab.staff.rolesSaved", { name: member.name }))}
        >
          {t("lab.staff.saveRoles")}
        </Button>
        {member.active ? (
          <Button
            variant="outline"
            size="sm"
            disabled={self}
            title={self ? messageText({ key: "cannotDeactivateSelf" }) : undefined}
            isLoading={update.isPending && update.variables.change.active === false}
            icon={<Ban aria-hidden="true" className="h-4 w-4" />}
            onClick={() => save({ active: false }, t("lab.staff.deactivatedToast", { name: member.name }))}
          >
            {t("lab.staff.deactivate")}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            isLoading={update.isPending && update.variables.change.active === true}
            icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
            onClick={() => save({ active: true }, t("lab.staff.reactivated", { name: member.name }))}
          >
            {t("lab.staff.reactivate")}
          </Button>
        )}
      </div>
    </li>
  );
}
