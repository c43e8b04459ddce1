// The pieces of a mailed-code screen, shared by e-mail verification and password reset: the heading,
// the code input, the countdown with the attempts, and Resend Code with its own countdown beside
// Back to Sign In.
import { ArrowLeft, Inbox } from "lucide-react";
import type { ReactNode } from "react";

import { VERIFICATION_CODE_LENGTH, VERIFICATION_MAX_ATTEMPTS } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

import { formatSeconds } from "@/hooks/use-countdown";
import { useDevMailbox } from "@/hooks/use-dev-mailbox";
import { Slotted } from "@/components/ui/slotted";

export const normalizeCode = (value: string) =>
  value.replace(/\s+/g, "").toUpperCase().slice(0, VERIFICATION_CODE_LENGTH);

/** When the mailed code stops working and when another may be asked for (epoch ms). */
export interface CodeDeadlines {
  expiresAt: number;
  resendAt: number;
}

/** The deadlines of a code just sent, from the server's seconds. */
export const codeDeadlines = (expiresIn: number, resendAfter: number): CodeDeadlines => {
  const now = Date.now();
  return { expiresAt: now + expiresIn * 1000, resendAt: now + resendAfter * 1000 };
};

/** The screen's icon and title, with the line that says what to do. */
export function CodeScreenHeading({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="rounded-full bg-teal-50 p-2 text-teal-700">{icon}</span>
      <div className="min-w-0">
        <h2 className="text-xl font-semibold break-words text-slate-900">{title}</h2>
        <p className="text-sm break-words text-slate-700">{children}</p>
      </div>
    </div>
  );
}

export function BackToSignIn({ onClick }: { onClick: () => void }) {
  const { t } = useT("credentials");
  return (
    <Button
      variant="ghost"
      className="min-h-11"
      onClick={onClick}
      icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />}
    >
      {t("credentials.backToSignIn")}
    </Button>
  );
}

/** Below the code form: Resend Code with its countdown, and Back to Sign In. */
export function CodeScreenFooter({
  resendIn,
  isPending,
  onResend,
  onBack,
}: {
  resendIn: number;
  isPending: boolean;
  onResend: () => void;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <ResendCode resendIn={resendIn} isPending={isPending} onResend={onResend} />
      <BackToSignIn onClick={onBack} />
    </div>
  );
}

interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** The server's `messageCode` of `error`. */
  errorCode?: string | undefined;
}

export function CodeField({ id, label, value, onChange, error, errorCode }: CodeFieldProps) {
  const { t } = useT("credentials");
  return (
    <Field
      id={id}
      label={label}
      error={error}
      errorCode={errorCode}
      hint={t("credentials.code.hint", { length: VERIFICATION_CODE_LENGTH })}
    >
      <Input
        id={id}
        name="code"
        value={value}
        onChange={(event) => onChange(normalizeCode(event.target.value))}
        maxLength={VERIFICATION_CODE_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, true)}
        className="min-h-11 text-center font-mono text-2xl tracking-[0.5em]"
      />
    </Field>
  );
}

/** Time left on the code and the attempts used. */
export function CodeStatus({ secondsLeft, attempts }: { secondsLeft: number; attempts: number }) {
  const { t, number } = useT("credentials");
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className="rounded-lg bg-slate-50 px-3 py-2">
        <dt className="text-xs break-words text-slate-700">{t("credentials.code.expiresIn")}</dt>
        <dd data-testid="verification-countdown" className="font-mono font-semibold text-slate-900">
          {formatSeconds(secondsLeft)}
        </dd>
      </div>
      <div className="rounded-lg bg-slate-50 px-3 py-2">
        <dt className="text-xs break-words text-slate-700">{t("credentials.code.attempts")}</dt>
        <dd data-testid="verification-attempts" className="font-semibold text-slate-900">
          {t("credentials.code.attemptsUsed", {
            used: number(attempts),
            max: number(VERIFICATION_MAX_ATTEMPTS),
          })}
        </dd>
      </div>
    </dl>
  );
}

/** Resend Code, disabled with a countdown until a new code may be asked for. */
export function ResendCode({
  resendIn,
  isPending,
  onResend,
}: {
  resendIn: number;
  isPending: boolean;
  onResend: () => void;
}) {
  const { t } = useT("credentials");
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        className="min-h-11"
        onClick={onResend}
        disabled={resendIn > 0}
        isLoading={isPending}
      >
        {t("credentials.code.resend")}
      </Button>
      {resendIn > 0 ? (
        <p data-testid="resend-countdown" className="text-xs text-slate-700">
          {t("credentials.code.resendIn", { time: formatSeconds(resendIn) })}
        </p>
      ) : null}
    </div>
  );
}

/** Outside production the API keeps a mailbox page: say where the code can be read. */
export function DevMailboxHint() {
  const { t } = useT("credentials");
  const devMailbox = useDevMailbox();
  if (!devMailbox) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <Inbox aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 break-words">
        <Slotted text={(slot) => t("credentials.code.devMailbox", { link: slot })}>
          <a
            href={paths.devMailbox.href()}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
          >
            {t("credentials.code.devMailboxLink")}
          </a>
        </Slotted>
      </span>
    </p>
  );
}
