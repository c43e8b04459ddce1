// The pieces every mobile-number screen shares: the number field, the SMS code field, the line that
// says where the code went, and Resend Code (counting down) beside Change number.
import { Smartphone } from "lucide-react";
import type { ReactNode } from "react";

import { PHONE_CODE_LENGTH, PHONE_MAX } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/input";
import { Slotted } from "@/components/ui/slotted";
import { formatSeconds } from "@/hooks/use-countdown";
import type { Shown } from "@/lib/i18n/message-text";
import { formatPhone } from "@/lib/phone";
import { useT } from "@/lib/i18n/use-t";

import type { PhoneCodeNotice } from "@/hooks/use-phone-code";

import { ResendCode } from "./code-entry";

/** Digits only, at most six: a code pasted as "123 456" or with the SMS's words around it still fits. */
export const normalizePhoneCode = (value: string) => value.replace(/\D/g, "").slice(0, PHONE_CODE_LENGTH);

interface PhoneNumberFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: Shown | undefined;
  errorCode?: string | undefined;
  readOnly?: boolean;
  label?: string;
}

/** The mobile number: a phone keyboard, the browser's own number to offer, Indian numbers as people write them. */
export function PhoneNumberField({
  id,
  value,
  onChange,
  error,
  errorCode,
  readOnly,
  label,
}: PhoneNumberFieldProps) {
  const { t } = useT("credentials");
  return (
    <Field
      id={id}
      label={label ?? t("credentials.phone.label")}
      error={error}
      errorCode={errorCode}
      hint={t("credentials.phone.hint")}
    >
      <Input
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className="min-h-11"
        maxLength={PHONE_MAX}
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, true)}
      />
    </Field>
  );
}

interface PhoneCodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** Seconds until the code stops working. */
  secondsLeft: number;
  error?: Shown | undefined;
  errorCode?: string | undefined;
}

/** The six digits from the SMS: a number pad, and the phone may fill it in from the message itself. */
export function PhoneCodeField({ id, value, onChange, secondsLeft, error, errorCode }: PhoneCodeFieldProps) {
  const { t } = useT("credentials");
  return (
    <Field
      id={id}
      label={t("credentials.phone.codeLabel")}
      error={error}
      errorCode={errorCode}
      hint={
        <>
          {t("credentials.phone.codeHint", { length: PHONE_CODE_LENGTH })}{" "}
          {secondsLeft > 0 ? (
            <span data-testid="phone-code-expires" className="whitespace-nowrap">
              {t("credentials.phone.expiresIn", { time: formatSeconds(secondsLeft) })}
            </span>
          ) : null}
        </>
      }
    >
      <Input
        id={id}
        name="code"
        // Not a number input: no spinner, and leading zeros stay.
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(normalizePhoneCode(event.target.value))}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, true)}
        className="min-h-11 text-center font-mono text-2xl tracking-[0.5em]"
      />
    </Field>
  );
}

/** "We sent a 6-digit code by SMS to +91 94400 12345." with the number in bold. */
export function SentTo({ phone }: { phone: string }) {
  const { t } = useT("credentials");
  return (
    <p className="flex items-start gap-2 text-sm break-words text-slate-700">
      <Smartphone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-teal-700" />
      <span className="min-w-0">
        <Slotted text={(slot) => t("credentials.phone.sentTo", { length: PHONE_CODE_LENGTH, phone: slot })}>
          <strong className="whitespace-nowrap text-slate-900">{formatPhone(phone)}</strong>
        </Slotted>
      </span>
    </p>
  );
}

/** A new code went out, or none did because the last one still works; and a code that ran out. */
export function PhoneCodeNotices({ notice, expired }: { notice: PhoneCodeNotice | null; expired: boolean }) {
  const { t } = useT("credentials");
  return (
    <>
      {notice?.kind === "resent" ? <Alert tone="success">{t("credentials.phone.newCodeSent")}</Alert> : null}
      {notice?.kind === "stillValid" ? (
        <Alert tone="warning">{t("credentials.phone.stillValid", { seconds: notice.seconds })}</Alert>
      ) : null}
      {expired ? <Alert tone="warning" message={{ key: "phoneCodeExpired" }} /> : null}
    </>
  );
}

/** Below the code form: Resend Code with its countdown, and Change number. */
export function PhoneCodeFooter({
  resendIn,
  isPending,
  onResend,
  onChangeNumber,
  children,
}: {
  resendIn: number;
  isPending: boolean;
  onResend: () => void;
  onChangeNumber: () => void;
  children?: ReactNode;
}) {
  const { t } = useT("credentials");
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
      <ResendCode resendIn={resendIn} isPending={isPending} onResend={onResend} />
      <Button variant="ghost" className="min-h-11" onClick={onChangeNumber}>
        {t("credentials.phone.changeNumber")}
      </Button>
      {children}
    </div>
  );
}
