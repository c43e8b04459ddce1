import {
  NAME_MAX,
  isLanguageCode,
  isPasswordValid,
  languages,
  tooLong,
  type InvitationPreview,
  type LanguageCode,
} from "@lab/contracts";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { NewPasswordField } from "@/components/account/new-password-field";
import { ROLE_HINTS, ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, describedBy } from "@/components/ui/input";
import { KeepSignedIn } from "@/components/ui/keep-signed-in";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError, shownOf } from "@/lib/api-client";
import { setLanguage } from "@/lib/i18n/i18n";
import { said, type Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useAcceptInvitation } from "../api/accept-invitation";
import { useInvitationPreview } from "../api/preview-invitation";

/** The token of the mail's link: in the fragment (`#token=…`), so no server log ever holds it. */
export function tokenOfHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";
}

/** /invitation#token=…: who invites, as what; then a name and a password make the account. */
export function AcceptInvitation() {
  const { hash } = useLocation();
  const token = tokenOfHash(hash);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8">
      {token ? <WithToken token={token} /> : <InvalidInvitation />}
    </div>
  );
}

function WithToken({ token }: { token: string }) {
  const { t } = useT("organisation");
  const preview = useInvitationPreview(token);
  const [invalid, setInvalid] = useState(false);
  if (invalid) return <InvalidInvitation />;
  if (preview.status === "loading") return <LoadingState label={t("organisation.accept.checking")} />;
  if (preview.status === "failed") {
    const error = preview.error;
    if (isApiError(error) && error.status === 400) return <InvalidInvitation />;
    return <Alert tone="error" message={shownOf(error)} />;
  }
  return <AcceptForm token={token} preview={preview.preview} onInvalid={() => setInvalid(true)} />;
}

function InvalidInvitation() {
  const { t } = useT("organisation");
  return (
    <Card>
      <CardBody className="space-y-4">
        <h1 className="text-xl font-bold text-slate-900">{t("organisation.accept.invalidTitle")}</h1>
        <Alert tone="error" message={said("invitationInvalid")} />
        <Link to={paths.login.href()} className={buttonClasses("primary", "md", "min-h-11 w-full sm:w-auto")}>
          {t("organisation.accept.signIn")}
        </Link>
      </CardBody>
    </Card>
  );
}

type FieldName = "fullName" | "password";

function AcceptForm({
  token,
  preview,
  onInvalid,
}: {
  token: string;
  preview: InvitationPreview;
  onInvalid: () => void;
}) {
  const { t, language: shownLanguage, date } = useT("organisation", "credentials", "auth");
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const { ref, reveal } = useErrorReveal();
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [language, setChosenLanguage] = useState<LanguageCode>(shownLanguage);
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const name = fullName.trim();
    const found: Partial<Record<FieldName, Shown>> = {
      ...(name ? {} : { fullName: "nameRequired" }),
      ...(name.length > NAME_MAX ? { fullName: tooLong("Name", NAME_MAX) } : {}),
      ...(isPasswordValid(password) ? {} : { password: "passwordWeak" }),
    };
    setErrors(found);
    if (found.fullName || found.password) {
      reveal();
      return;
    }
    try {
      await accept.mutateAsync({ token, fullName: name, password, language, remember });
      await navigate(paths.dashboard.href(), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.messageCode === "invitation_invalid") {
        onInvalid();
        return;
      }
      const named = serverFieldError(error);
      if (named && (named.field === "fullName" || named.field === "password"))
        setErrors({ [named.field]: named.message });
      else setBanner(shownOf(error));
      reveal();
    }
  };

  return (
    <Card>
      <CardBody className="space-y-4">
        <div className="space-y-1 [overflow-wrap:anywhere]">
          <h1 className="text-xl font-bold text-slate-900">
            {t("organisation.accept.title", { organisation: preview.organisationName })}
          </h1>
          <p className="text-sm text-slate-700">{t("organisation.accept.intro")}</p>
        </div>
        <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm [overflow-wrap:anywhere]">
          <div>
            <dt className="text-slate-600">{t("organisation.fields.email")}</dt>
            <dd className="font-medium text-slate-900">{preview.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("organisation.fields.role")}</dt>
            <dd className="font-medium text-slate-900">
              {t(ROLE_LABELS[preview.role])} · {t(SCOPE_LABELS[preview.scope])}
            </dd>
            <dd className="text-xs text-slate-600">{t(ROLE_HINTS[preview.role])}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("organisation.accept.expires")}</dt>
            <dd className="font-medium text-slate-900">{date(preview.expiresAt, "dateTime")}</dd>
          </div>
        </dl>
        <form
          ref={ref}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t("organisation.accept.formLabel")}
          className="space-y-4"
        >
          <ErrorBanner message={banner} />
          <Field id="accept-name" label={t("credentials.fields.fullName")} error={errors.fullName}>
            <Input
              id="accept-name"
              autoComplete="name"
              className="min-h-11"
              maxLength={NAME_MAX}
              value={fullName}
              invalid={Boolean(errors.fullName)}
              aria-describedby={describedBy("accept-name", errors.fullName)}
              onChange={(event) => {
                setFullName(event.target.value);
                setErrors((current) => ({ ...current, fullName: undefined }));
              }}
            />
          </Field>
          {/* The e-mail the invitation was sent to: password managers save it with the password. */}
          <input type="email" autoComplete="username" value={preview.email} readOnly hidden />
          <NewPasswordField
            id="accept-password"
            label={t("auth.fields.password")}
            password={password}
            error={typeof errors.password === "string" ? errors.password : errors.password?.key}
            inputProps={{
              value: password,
              onChange: (event) => {
                setPassword(event.target.value);
                if (isPasswordValid(event.target.value))
                  setErrors((current) => ({ ...current, password: undefined }));
              },
            }}
          />
          <Field id="accept-language" label={t("organisation.fields.language")}>
            <Select
              id="accept-language"
              className="min-h-11"
              value={language}
              onChange={(event) => {
                const chosen = event.target.value;
                if (!isLanguageCode(chosen)) return;
                setChosenLanguage(chosen);
                // The page itself turns to the chosen language at once.
                void setLanguage(chosen);
              }}
            >
              {languages.map((option) => (
                <option key={option.code} value={option.code} lang={option.code}>
                  {option.nativeName}
                </option>
              ))}
            </Select>
          </Field>
          <KeepSignedIn checked={remember} onChange={setRemember} />
          <Button type="submit" size="lg" className="w-full" isLoading={accept.isPending}>
            {t("organisation.accept.submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
