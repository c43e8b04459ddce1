import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { ENQUIRY_EMAIL_MAX, newsletterSubscribeRequestSchema } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { useAction } from "@/lib/use-action";

import { subscribeNewsletter } from "../api/subscribe-newsletter";

const ERROR_ID = "newsletter-email-error";

/** The server's words for a refusal it explains; no answer at all reads as 'try again later'. */
const subscribeErrorMessage = (error: unknown): string =>
  isApiError(error) && error.status !== 0 && error.status < 500 && error.message
    ? error.message
    : "newsletterSubscribeFailed";

/**
 * The blog's newsletter box: double opt-in, so a subscription only says "check your inbox". An error
 * shows beside the field, marks it and takes the focus; it goes as soon as the field changes.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const subscribe = useAction(subscribeNewsletter);
  const { t } = useT("pages");

  useEffect(() => {
    if (attempt === 0 || !inputRef.current) return;
    if (typeof inputRef.current.scrollIntoView === "function") {
      inputRef.current.scrollIntoView({ block: "center" });
    }
    inputRef.current.focus({ preventScroll: true });
  }, [attempt]);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newsletterSubscribeRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "invalidEmailFormat");
      setAttempt((n) => n + 1);
      return;
    }
    try {
      const answer = await subscribe.mutateAsync(parsed.data.email);
      setDone(answer.message);
    } catch (failure) {
      setError(subscribeErrorMessage(failure));
      setAttempt((n) => n + 1);
    }
  };

  if (done) {
    return (
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="mt-4 flex max-w-lg gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-900"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0 break-words">
          <LocalizedMessage text={done} />
        </span>
      </p>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t("pages.newsletter.formLabel")}
      className="mt-4 max-w-lg space-y-1"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {t("pages.newsletter.emailLabel")}
        </label>
        <Input
          ref={inputRef}
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t("pages.newsletter.emailPlaceholder")}
          maxLength={ENQUIRY_EMAIL_MAX}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          invalid={error !== null}
          aria-describedby={error ? ERROR_ID : undefined}
          className="min-h-11 scroll-mt-36"
        />
        <Button type="submit" isLoading={subscribe.isPending}>
          {t("pages.newsletter.subscribe")}
        </Button>
      </div>
      {error ? (
        <p id={ERROR_ID} role="alert" className="text-sm font-medium text-red-700">
          <LocalizedMessage text={error} />
        </p>
      ) : null}
    </form>
  );
}
