import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import { PASSWORD_MAX, PHONE_MAX } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Input, describedBy } from "@/components/ui/input";
import { paths } from "@/config/paths";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { agentSignIn } from "../api/sign-in";
import { shownError } from "../utils/shown-error";

/** /field/sign-in: phone number and password, and whether this phone keeps the agent signed in. */
export function FieldSignInForm() {
  const { t } = useT("field");
  const navigate = useNavigate();
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [keep, setKeep] = useState(true);
  const [errors, setErrors] = useState<{ phone?: string; password?: string }>({});
  const [formError, setFormError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = {
      ...(phone.trim() ? {} : { phone: t("field.signIn.phoneRequired") }),
      ...(password ? {} : { password: t("field.signIn.passwordRequired") }),
    };
    setErrors(found);
    if (found.phone || found.password) return;
    setBusy(true);
    try {
      await agentSignIn({ phone, password, keepSignedIn: keep });
      await navigate(paths.field.href(), { replace: true });
    } catch (error) {
      setFormError(shownError(error));
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardBody className="space-y-4">
        <h1 className="text-xl font-bold text-slate-900">{t("field.signIn.title")}</h1>
        <p className="text-sm text-slate-700">{t("field.signIn.intro")}</p>
        <form
          noValidate
          aria-label={t("field.signIn.title")}
          className="space-y-4"
          onSubmit={(event) => void onSubmit(event)}
        >
          {formError ? <Alert tone="error" message={formError} /> : null}
          <Field id="field-phone" label={t("field.signIn.phone")} error={errors.phone}>
            <Input
              id="field-phone"
              type="tel"
              inputMode="tel"
              autoComplete="username"
              className="min-h-11"
              maxLength={PHONE_MAX}
              value={phone}
              invalid={Boolean(errors.phone)}
              aria-describedby={describedBy("field-phone", errors.phone)}
              onChange={(event) => setPhone(event.target.value)}
            />
          </Field>
          <Field id="field-password" label={t("field.signIn.password")} error={errors.password}>
            <Input
              id="field-password"
              type="password"
              autoComplete="current-password"
              className="min-h-11"
              maxLength={PASSWORD_MAX}
              value={password}
              invalid={Boolean(errors.password)}
              aria-describedby={describedBy("field-password", errors.password)}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={keep}
              onChange={(event) => setKeep(event.target.checked)}
              className="h-5 w-5 shrink-0 accent-teal-700"
            />
            <span className="min-w-0 break-words">{t("field.signIn.keep")}</span>
          </label>
          <Button type="submit" size="lg" className="w-full" isLoading={busy}>
            {t("field.signIn.submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
