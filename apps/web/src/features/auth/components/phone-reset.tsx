import { KeyRound } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";

import { PHONE_CODE_LENGTH, isPasswordValid } from "@lab/contracts";

import { BackToSignIn, CodeScreenHeading, DevMailboxHint } from "@/components/account/code-entry";
import { NewPasswordField } from "@/components/account/new-password-field";
import {
  PhoneCodeField,
  PhoneCodeFooter,
  PhoneCodeNotices,
  PhoneNumberField,
} from "@/components/account/phone-code-parts";
import { Button } from "@/components/ui/button";
import { focusWhenShown } from "@/components/ui/focus-next";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Slotted } from "@/components/ui/slotted";
import { usePhoneCode } from "@/hooks/use-phone-code";
import { shownAsString } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { formatPhone } from "@/lib/phone";
import { useAction } from "@/lib/use-action";
import { phoneSubmitFailure, type PhoneFailure } from "@/utils/phone-errors";

import { phoneResetPassword } from "../api/phone-reset";
import { sendPhoneCode } from "../api/send-phone-code";

const sendResetCode = (phone: string) => sendPhoneCode({ phone, purpose: "reset" });

type FieldErrors = Partial<Record<"phone" | "code" | "password", PhoneFailure>>;

interface PhoneResetProps {
  /** The password was reset: back to the Sign In card with the number and the notice (already translated). */
  onReset: (phone: string, notice: string) => void;
  /** 'Reset with an e-mail address instead'. */
  onUseEmail: () => void;
  onBack: () => void;
}

function Heading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CodeScreenHeading icon={<KeyRound aria-hidden="true" className="h-6 w-6" />} title={title}>
      {children}
    </CodeScreenHeading>
  );
}

/** 'Reset with a mobile number': the number, then the SMS code with a new password (the usual rules). */
export function PhoneReset({ onReset, onUseEmail, onBack }: PhoneResetProps) {
  const { t } = useT("credentials");
  const code = usePhoneCode(sendResetCode);
  const reset = useAction(phoneResetPassword);
  const [phone, setPhone] = useState("");
  const [digits, setDigits] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<PhoneFailure | null>(null);
  const { ref, reveal } = useErrorReveal<HTMLDivElement>();

  const fail = (found: FieldErrors, banner: PhoneFailure | null = null) => {
    setErrors(found);
    setFormError(banner);
    reveal();
  };
  const failWith = (failure: PhoneFailure) =>
    failure.field === "phone" || failure.field === "code" || failure.field === "password"
      ? fail({ [failure.field]: failure })
      : fail({}, failure);

  const onSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!phone.trim()) {
      fail({ phone: { field: "phone", message: "mobileNumberRequired" } });
      return;
    }
    setErrors({});
    const outcome = await code.send(phone);
    if (!outcome.sent) {
      failWith(outcome.failure);
      return;
    }
    focusWhenShown("#phone-reset-code");
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {
      ...(digits.length === PHONE_CODE_LENGTH
        ? {}
        : { code: { field: "code", message: "phoneCodeRequired" } }),
      ...(isPasswordValid(password) ? {} : { password: { field: "password", message: "passwordWeak" } }),
    };
    if (found.code || found.password) {
      fail(found);
      return;
    }
    setErrors({});
    const number = code.sentTo ?? phone;
    try {
      await reset.mutateAsync({ phone: number, code: digits, password });
      // A password signs in with an e-mail address only: say how this member signs in now.
      onReset(number.trim(), t("credentials.phone.reset.done"));
    } catch (error) {
      failWith(phoneSubmitFailure(error, ["code", "password"]));
    }
  };

  const onResend = async () => {
    setFormError(null);
    setErrors({});
    const outcome = await code.resend();
    if (outcome.sent) setDigits("");
    else fail({}, { ...outcome.failure, field: null });
  };

  if (code.sentTo === null) {
    return (
      <div ref={ref} className="space-y-4">
        <Heading title={t("credentials.forgot.title")}>
          {t("credentials.phone.reset.intro", { length: PHONE_CODE_LENGTH })}
        </Heading>
        <ErrorBanner message={formError?.message ?? null} messageCode={formError?.messageCode} />
        <form
          onSubmit={(event) => void onSend(event)}
          noValidate
          aria-label={t("credentials.phone.reset.formLabel")}
          className="space-y-4"
        >
          <PhoneNumberField
            id="phone-reset-phone"
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setFormError(null);
              if (errors.phone) setErrors({});
            }}
            error={errors.phone?.message}
            errorCode={errors.phone?.messageCode}
          />
          <Button type="submit" className="w-full" size="lg" isLoading={code.isSending}>
            {t("credentials.phone.sendCode")}
          </Button>
        </form>
        <Button variant="outline" className="min-h-11 w-full" onClick={onUseEmail}>
          {t("credentials.phone.reset.useEmail")}
        </Button>
        <div className="border-t border-slate-200 pt-4">
          <BackToSignIn onClick={onBack} />
        </div>
      </div>
    );
  }

  return (
    <div ref={ref} className="space-y-4">
      <Heading title={t("credentials.reset.title")}>
        <Slotted text={(slot) => t("credentials.phone.reset.codeIntro", { phone: slot })}>
          <strong className="whitespace-nowrap text-slate-900">{formatPhone(code.sentTo)}</strong>
        </Slotted>
      </Heading>
      <PhoneCodeNotices notice={code.notice} expired={code.expired} />
      <ErrorBanner message={formError?.message ?? null} messageCode={formError?.messageCode} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={t("credentials.reset.formLabel")}
        className="space-y-4"
      >
        <PhoneCodeField
          id="phone-reset-code"
          value={digits}
          secondsLeft={code.secondsLeft}
          onChange={(value) => {
            setDigits(value);
            setFormError(null);
            if (errors.code) setErrors(({ code: _removed, ...rest }) => rest);
          }}
          error={errors.code?.message}
          errorCode={errors.code?.messageCode}
        />
        <NewPasswordField
          id="phone-reset-password"
          label={t("credentials.password.new")}
          password={password}
          error={errors.password ? shownAsString(errors.password.message) : undefined}
          inputProps={{
            name: "password",
            value: password,
            onChange: (event) => {
              setPassword(event.target.value);
              setFormError(null);
              if (errors.password && isPasswordValid(event.target.value)) {
                setErrors(({ password: _removed, ...rest }) => rest);
              }
            },
          }}
        />
        <Button
          type="submit"
          className="w-full"
          size="lg"
          isLoading={reset.isPending}
          disabled={code.expired}
        >
          {t("credentials.reset.submit")}
        </Button>
      </form>
      <PhoneCodeFooter
        resendIn={code.resendIn}
        isPending={code.isSending}
        onResend={() => void onResend()}
        onChangeNumber={() => {
          code.reset();
          setDigits("");
          setErrors({});
          setFormError(null);
          focusWhenShown("#phone-reset-phone");
        }}
      >
        <BackToSignIn onClick={onBack} />
      </PhoneCodeFooter>
      <DevMailboxHint />
    </div>
  );
}
