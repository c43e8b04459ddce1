import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";

import { PHONE_CODE_LENGTH } from "@lab/contracts";

import { DevMailboxHint } from "@/components/account/code-entry";
import {
  PhoneCodeField,
  PhoneCodeFooter,
  PhoneCodeNotices,
  PhoneNumberField,
  SentTo,
} from "@/components/account/phone-code-parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { focusWhenShown } from "@/components/ui/focus-next";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { KeepSignedIn } from "@/components/ui/keep-signed-in";
import { usePhoneCode } from "@/hooks/use-phone-code";
import { useT } from "@/lib/i18n/use-t";
import { phoneSubmitFailure, type PhoneFailure } from "@/utils/phone-errors";

import { usePhoneSignIn } from "../api/phone-sign-in";
import { sendPhoneCode } from "../api/send-phone-code";
import { afterSignInHref } from "../utils/return-to";

const sendSignInCode = (phone: string) => sendPhoneCode({ phone, purpose: "sign-in" });

type FieldErrors = Partial<Record<"phone" | "code", PhoneFailure>>;

/**
 * 'Sign in with a code' on the Sign In card: the mobile number, then the 6-digit code sent to it by
 * SMS, then signed in exactly as with the password ('Keep me signed in' included).
 */
export function PhoneSignIn({
  defaultPhone = "",
  notice = null,
}: {
  defaultPhone?: string | undefined;
  /** A spec message (English), shown in the reader's language until a code is asked for. */
  notice?: string | null;
}) {
  const { t } = useT("auth", "credentials");
  const navigate = useNavigate();
  const location = useLocation();
  const code = usePhoneCode(sendSignInCode);
  const signIn = usePhoneSignIn();
  const [phone, setPhone] = useState(defaultPhone);
  const [digits, setDigits] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<PhoneFailure | null>(null);
  const [shownNotice, setShownNotice] = useState(notice);
  const { ref, reveal } = useErrorReveal<HTMLDivElement>();

  const fail = (failure: PhoneFailure) => {
    if (failure.field === "phone" || failure.field === "code") setErrors({ [failure.field]: failure });
    else setFormError(failure);
    reveal();
  };

  const onSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setShownNotice(null);
    if (!phone.trim()) {
      fail({ field: "phone", message: "mobileNumberRequired" });
      return;
    }
    setErrors({});
    const outcome = await code.send(phone);
    if (!outcome.sent) {
      fail(outcome.failure);
      return;
    }
    setDigits("");
    // The next thing to do is the code: the phone's number pad opens on it.
    focusWhenShown("#signin-code");
  };

  const onSignIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (digits.length !== PHONE_CODE_LENGTH) {
      fail({ field: "code", message: "phoneCodeRequired" });
      return;
    }
    setErrors({});
    try {
      await signIn.mutateAsync({ phone: code.sentTo ?? phone, code: digits, rememberMe: remember });
      // Back to the page a session that ended was on (an app path only), else the dashboard.
      await navigate(afterSignInHref(location.search), { replace: true });
    } catch (error) {
      fail(phoneSubmitFailure(error, ["code"]));
    }
  };

  const onResend = async () => {
    setFormError(null);
    setErrors({});
    const outcome = await code.resend();
    if (outcome.sent) {
      setDigits("");
      return;
    }
    fail(outcome.failure.field === "phone" ? { ...outcome.failure, field: null } : outcome.failure);
  };

  const changeNumber = () => {
    code.reset();
    setDigits("");
    setErrors({});
    setFormError(null);
    focusWhenShown("#signin-phone");
  };

  return (
    <div ref={ref} className="space-y-4">
      {shownNotice ? <Alert tone="success" message={shownNotice} /> : null}
      <ErrorBanner message={formError?.message ?? null} messageCode={formError?.messageCode} />
      {code.sentTo === null ? (
        <form
          onSubmit={(event) => void onSend(event)}
          noValidate
          aria-label={t("credentials.phone.signIn.formLabel")}
          className="space-y-4"
        >
          <p className="text-sm break-words text-slate-700">
            {t("credentials.phone.signIn.intro", { length: PHONE_CODE_LENGTH })}
          </p>
          <PhoneNumberField
            id="signin-phone"
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
      ) : (
        <>
          <form
            onSubmit={(event) => void onSignIn(event)}
            noValidate
            aria-label={t("credentials.phone.signIn.formLabel")}
            className="space-y-4"
          >
            <SentTo phone={code.sentTo} />
            <PhoneCodeNotices notice={code.notice} expired={code.expired} />
            <PhoneCodeField
              id="signin-code"
              value={digits}
              secondsLeft={code.secondsLeft}
              onChange={(value) => {
                setDigits(value);
                setFormError(null);
                if (errors.code) setErrors({});
              }}
              error={errors.code?.message}
              errorCode={errors.code?.messageCode}
            />
            <KeepSignedIn checked={remember} onChange={setRemember} />
            <Button
              type="submit"
              className="w-full"
              size="lg"
              isLoading={signIn.isPending}
              disabled={code.expired}
            >
              {t("auth.signIn.submit")}
            </Button>
          </form>
          <PhoneCodeFooter
            resendIn={code.resendIn}
            isPending={code.isSending}
            onResend={() => void onResend()}
            onChangeNumber={changeNumber}
          />
          <DevMailboxHint />
        </>
      )}
    </div>
  );
}
