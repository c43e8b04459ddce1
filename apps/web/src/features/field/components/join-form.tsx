import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";

import { PASSWORD_MAX } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Input, describedBy } from "@/components/ui/input";
import { paths } from "@/config/paths";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { agentJoin } from "../api/sign-in";
import { shownError } from "../utils/shown-error";

/** The invitation link's page: the agent chooses a password and is signed in. */
export function JoinForm() {
  const { t } = useT("field");
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [formError, setFormError] = useState<Shown | null>(token ? null : "agentInvitationInvalid");
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(token ? null : "agentInvitationInvalid");
    const found = {
      ...(password ? {} : { password: t("field.signIn.passwordRequired") }),
      ...(repeat === password ? {} : { repeat: t("field.join.mismatch") }),
    };
    setErrors(found);
    if (!token || found.password || found.repeat) return;
    setBusy(true);
    try {
      await agentJoin({ token, password });
      await navigate(paths.field.href(), { replace: true });
    } catch (error) {
      setFormError(shownError(error));
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardBody className="space-y-4">
        <h1 className="text-xl font-bold text-slate-900">{t("field.join.title")}</h1>
        <p className="text-sm text-slate-700">{t("field.join.intro")}</p>
        <form
          noValidate
          aria-label={t("field.join.title")}
          className="space-y-4"
          onSubmit={(event) => void onSubmit(event)}
        >
          {formError ? <Alert tone="error" message={formError} /> : null}
          <Field id="field-new-password" label={t("field.join.password")} error={errors.password}>
            <Input
              id="field-new-password"
              type="password"
              autoComplete="new-password"
              className="min-h-11"
              maxLength={PASSWORD_MAX}
              value={password}
              invalid={Boolean(errors.password)}
              aria-describedby={describedBy("field-new-password", errors.password)}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Field id="field-repeat-password" label={t("field.join.repeat")} error={errors.repeat}>
            <Input
              id="field-repeat-password"
              type="password"
              autoComplete="new-password"
              className="min-h-11"
              maxLength={PASSWORD_MAX}
              value={repeat}
              invalid={Boolean(errors.repeat)}
              aria-describedby={describedBy("field-repeat-password", errors.repeat)}
              onChange={(event) => setRepeat(event.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" isLoading={busy}>
            {t("field.join.submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
