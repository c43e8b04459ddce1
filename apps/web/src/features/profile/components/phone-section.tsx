import { CircleCheck, CircleAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { PHONE_CODE_LENGTH, type Customer } from "@lab/contracts";

import { DevMailboxHint } from "@/components/account/code-entry";
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
import { useToast } from "@/components/ui/toast";
import { usePhoneCode } from "@/hooks/use-phone-code";
import { useT } from "@/lib/i18n/use-t";
import { formatPhone } from "@/lib/phone";
import { phoneSubmitFailure, type PhoneFailure } from "@/utils/phone-errors";

import { requestPhoneCode, useVerifyPhone } from "../api/change-phone";

/** The member's mobile number, whether a code proved it, and adding or changing it with a code by SMS. */
export function PhoneSection({ customer }: { customer: Customer }) {
  const { t } = useT("account");
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const number = customer.phoneNumber;
  const verified = number !== null && customer.phoneVerified;

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t("account.profile.mobile.title")}
      </h2>
      {number ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium whitespace-nowrap text-slate-900">{formatPhone(number)}</span>
          <span
            data-testid="phone-status"
            className={
              verified
                ? "inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800"
                : "inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
            }
          >
            {verified ? (
              <CircleCheck aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <CircleAlert aria-hidden="true" className="h-3.5 w-3.5" />
            )}
            {verified ? t("account.profile.mobile.verified") : t("account.profile.mobile.notVerified")}
          </span>
        </div>
      ) : null}
      <p className="text-sm break-words text-slate-700">
        {number === null
          ? t("account.profile.mobile.none")
          : verified
            ? t("account.profile.mobile.intro")
            : t("account.profile.mobile.notVerifiedHint")}
      </p>
      {open ? (
        <PhoneChange
          // A number not yet proved is the one to prove; a proved one is being replaced.
          defaultPhone={verified ? "" : (number ?? "")}
          onDone={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Button
          variant={verified ? "outline" : "primary"}
          className="min-h-11"
          onClick={() => {
            setOpen(true);
            focusWhenShown("#profile-phone-new");
          }}
        >
          {number === null
            ? t("account.profile.mobile.add")
            : verified
              ? t("account.profile.mobile.change")
              : t("account.profile.mobile.verify")}
        </Button>
      )}
    </section>
  );
}

type FieldErrors = Partial<Record<"phone" | "code", PhoneFailure>>;

function PhoneChange({
  defaultPhone,
  onDone,
  onCancel,
}: {
  defaultPhone: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useT("account", "credentials");
  const toast = useToast();
  const code = usePhoneCode(requestPhoneCode);
  const verify = useVerifyPhone();
  const [phone, setPhone] = useState(defaultPhone);
  const [digits, setDigits] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<PhoneFailure | null>(null);
  const { ref, reveal } = useErrorReveal<HTMLDivElement>();

  const fail = (failure: PhoneFailure) => {
    if (failure.field === "phone" || failure.field === "code") setErrors({ [failure.field]: failure });
    else setFormError(failure);
    reveal();
  };

  const onSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
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
    focusWhenShown("#profile-phone-code");
  };

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (digits.length !== PHONE_CODE_LENGTH) {
      fail({ field: "code", message: "phoneCodeRequired" });
      return;
    }
    setErrors({});
    try {
      await verify.mutateAsync({ phone: code.sentTo ?? phone, code: digits });
      toast.success({ key: "phoneVerified" });
      onDone();
    } catch (error) {
      // The number another account proved (409) belongs with the number: back to it.
      const failure = phoneSubmitFailure(error, ["phone", "code"]);
      if (failure.field === "phone") code.reset();
      fail(failure);
    }
  };

  const onResend = async () => {
    setFormError(null);
    setErrors({});
    const outcome = await code.resend();
    if (outcome.sent) setDigits("");
    else fail({ ...outcome.failure, field: null });
  };

  return (
    <div ref={ref} className="space-y-4 rounded-lg border border-slate-200 p-4">
      <ErrorBanner message={formError?.message ?? null} messageCode={formError?.messageCode} />
      {code.sentTo === null ? (
        <form
          onSubmit={(event) => void onSend(event)}
          noValidate
          aria-label={t("account.profile.mobile.formLabel")}
          className="space-y-4"
        >
          <PhoneNumberField
            id="profile-phone-new"
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setFormError(null);
              if (errors.phone) setErrors({});
            }}
            error={errors.phone?.message}
            errorCode={errors.phone?.messageCode}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" className="min-h-11" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" className="min-h-11" isLoading={code.isSending}>
              {t("credentials.phone.sendCode")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <form
            onSubmit={(event) => void onVerify(event)}
            noValidate
            aria-label={t("account.profile.mobile.formLabel")}
            className="space-y-4"
          >
            <SentTo phone={code.sentTo} />
            <PhoneCodeNotices notice={code.notice} expired={code.expired} />
            <PhoneCodeField
              id="profile-phone-code"
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
            <Button
              type="submit"
              className="min-h-11 w-full sm:w-auto"
              isLoading={verify.isPending}
              disabled={code.expired}
            >
              {t("account.profile.mobile.submit")}
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
              focusWhenShown("#profile-phone-new");
            }}
          >
            <Button variant="ghost" className="min-h-11" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
          </PhoneCodeFooter>
          <DevMailboxHint />
        </>
      )}
    </div>
  );
}
