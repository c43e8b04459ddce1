import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";

import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_CODE_LENGTH,
  isPasswordValid,
  tooLong,
} from "@lab/contracts";

import { DevMailboxHint } from "@/components/account/code-entry";
import { PasswordStrength } from "@/components/account/password-strength";
import { PasswordTips } from "@/components/account/password-tips";
import {
  PhoneCodeField,
  PhoneCodeFooter,
  PhoneCodeNotices,
  PhoneNumberField,
  SentTo,
} from "@/components/account/phone-code-parts";
import { Button } from "@/components/ui/button";
import { focusWhenShown } from "@/components/ui/focus-next";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { usePhoneCode } from "@/hooks/use-phone-code";
import { useT } from "@/lib/i18n/use-t";
import { phoneSubmitFailure, type PhoneFailure, type PhoneField } from "@/utils/phone-errors";

import { usePhoneRegister } from "../api/phone-register";
import { sendPhoneCode } from "../api/send-phone-code";
import { isEmailFormatValid } from "../hooks/use-email-check";
import { afterSignInHref } from "../utils/return-to";

const sendRegisterCode = (phone: string) => sendPhoneCode({ phone, purpose: "register" });

type FieldErrors = Partial<Record<PhoneField, PhoneFailure>>;
const DETAILS: readonly PhoneField[] = ["fullName", "phone", "email", "password"];

const joinIds = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/**
 * Create Account with a mobile number as the sign-in: name, number, password and an optional e-mail,
 * then the 6-digit code sent to the number by SMS; the account is created and signed in at once.
 */
export function PhoneRegisterForm() {
  const { t } = useT("auth", "credentials");
  const navigate = useNavigate();
  const location = useLocation();
  const code = usePhoneCode(sendRegisterCode);
  const registerAccount = usePhoneRegister();
  const [step, setStep] = useState<"details" | "code">("details");
  const [fullName, setFullName] = useState("");
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [digits, setDigits] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<PhoneFailure | null>(null);
  const { ref, reveal } = useErrorReveal<HTMLDivElement>();

  const fail = (found: FieldErrors, banner: PhoneFailure | null = null) => {
    setErrors(found);
    setFormError(banner);
    reveal();
  };
  const clear = (field: PhoneField) => {
    setFormError(null);
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const onDetails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const name = fullName.trim();
    const address = email.trim();
    const issue = (field: PhoneField, message: string): FieldErrors => ({ [field]: { field, message } });
    const found: FieldErrors = {
      ...(name ? {} : issue("fullName", "nameRequired")),
      ...(name.length > NAME_MAX
        ? { fullName: { field: "fullName", message: tooLong("Name", NAME_MAX) } }
        : {}),
      ...(phone.trim() ? {} : issue("phone", "mobileNumberRequired")),
      ...(address === "" || isEmailFormatValid(address) ? {} : issue("email", "invalidEmailFormat")),
      ...(isPasswordValid(password) ? {} : issue("password", "passwordWeak")),
    };
    if (Object.keys(found).length > 0) {
      fail(found);
      return;
    }
    setErrors({});
    // Back from the code to correct a detail: the code already sent to this number still works.
    const codeStillGood = code.sentTo === phone.trim() && !code.expired;
    if (!codeStillGood) {
      const outcome = await code.send(phone);
      if (!outcome.sent) {
        const failure = outcome.failure;
        if (failure.field === "phone") fail({ phone: failure });
        else fail({}, failure);
        return;
      }
      setDigits("");
    }
    setStep("code");
    focusWhenShown("#register-phone-code");
  };

  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (digits.length !== PHONE_CODE_LENGTH) {
      fail({ code: { field: "code", message: "phoneCodeRequired" } });
      return;
    }
    setErrors({});
    try {
      await registerAccount.mutateAsync({
        phone: code.sentTo ?? phone,
        code: digits,
        fullName,
        password,
        email,
      });
      await navigate(afterSignInHref(location.search), { replace: true });
    } catch (error) {
      const failure = phoneSubmitFailure(error, ["code", ...DETAILS]);
      if (failure.field !== null && failure.field !== "code") {
        // A detail was refused (the e-mail already taken, the number another account's): fix it there.
        setStep("details");
        fail({ [failure.field]: failure });
      } else if (failure.field === "code") fail({ code: failure });
      else fail({}, failure);
    }
  };

  const onResend = async () => {
    setFormError(null);
    setErrors({});
    const outcome = await code.resend();
    if (outcome.sent) setDigits("");
    else fail({}, { ...outcome.failure, field: null });
  };

  const banner = <ErrorBanner message={formError?.message ?? null} messageCode={formError?.messageCode} />;

  if (step === "code" && code.sentTo !== null) {
    return (
      <div ref={ref} className="space-y-4">
        {banner}
        <form
          onSubmit={(event) => void onCreate(event)}
          noValidate
          aria-label={t("credentials.phone.register.formLabel")}
          className="space-y-4"
        >
          <SentTo phone={code.sentTo} />
          <PhoneCodeNotices notice={code.notice} expired={code.expired} />
          <PhoneCodeField
            id="register-phone-code"
            value={digits}
            secondsLeft={code.secondsLeft}
            onChange={(value) => {
              setDigits(value);
              clear("code");
            }}
            error={errors.code?.message}
            errorCode={errors.code?.messageCode}
          />
          <Button
            type="submit"
            className="w-full"
            size="lg"
            isLoading={registerAccount.isPending}
            disabled={code.expired}
          >
            {t("auth.register.submit")}
          </Button>
        </form>
        <PhoneCodeFooter
          resendIn={code.resendIn}
          isPending={code.isSending}
          onResend={() => void onResend()}
          onChangeNumber={() => {
            setStep("details");
            setErrors({});
            setFormError(null);
            focusWhenShown("#register-phone");
          }}
        />
        <DevMailboxHint />
      </div>
    );
  }

  return (
    <div ref={ref} className="space-y-4">
      {banner}
      <form
        onSubmit={(event) => void onDetails(event)}
        noValidate
        aria-label={t("credentials.phone.register.formLabel")}
        className="space-y-4"
      >
        <Field
          id="register-phone-name"
          label={t("credentials.fields.fullName")}
          error={errors.fullName?.message}
          errorCode={errors.fullName?.messageCode}
        >
          <Input
            id="register-phone-name"
            name="fullName"
            autoComplete="name"
            className="min-h-11"
            maxLength={NAME_MAX}
            value={fullName}
            onChange={(event) => {
              setFullName(event.target.value);
              clear("fullName");
            }}
            invalid={Boolean(errors.fullName)}
            aria-describedby={describedBy("register-phone-name", errors.fullName?.message)}
          />
        </Field>
        <PhoneNumberField
          id="register-phone"
          value={phone}
          onChange={(value) => {
            setPhone(value);
            clear("phone");
          }}
          error={errors.phone?.message}
          errorCode={errors.phone?.messageCode}
        />
        <Field
          id="register-phone-email"
          label={t("credentials.phone.register.emailOptional")}
          error={errors.email?.message}
          errorCode={errors.email?.messageCode}
          hint={t("credentials.phone.register.emailHint")}
        >
          <Input
            id="register-phone-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className="min-h-11"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear("email");
            }}
            invalid={Boolean(errors.email)}
            aria-describedby={describedBy("register-phone-email", errors.email?.message, true)}
          />
        </Field>
        <Field
          id="register-phone-password"
          label={t("auth.fields.password")}
          error={errors.password?.message}
          errorCode={errors.password?.messageCode}
        >
          <Input
            id="register-phone-password"
            name="password"
            type="password"
            autoComplete="new-password"
            className="min-h-11"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password && isPasswordValid(event.target.value)) clear("password");
            }}
            invalid={Boolean(errors.password)}
            aria-describedby={joinIds(
              describedBy("register-phone-password", errors.password?.message),
              "register-phone-password-strength",
            )}
          />
        </Field>
        <PasswordStrength id="register-phone-password-strength" password={password} />
        <PasswordTips />
        <Button type="submit" className="w-full" size="lg" isLoading={code.isSending}>
          {t("credentials.phone.sendCode")}
        </Button>
      </form>
    </div>
  );
}
