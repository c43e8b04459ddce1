import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { ENQUIRY_EMAIL_MAX, ENQUIRY_MESSAGE_MAX, ENQUIRY_NAME_MAX, ENQUIRY_PHONE_MAX } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input, Textarea } from "@/components/ui/input";
import { useLazyMessageText } from "@/hooks/use-lazy-message-text";
import { useT } from "@/lib/i18n/use-t";
import { useAction } from "@/lib/use-action";

import { sendEnquiry } from "../api/send-enquiry";
import {
  enquiryErrorsOf,
  serverEnquiryError,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from "../utils/enquiry-errors";

const EMPTY: EnquiryValues = { firstName: "", lastName: "", email: "", phone: "", message: "" };
const idOf = (field: EnquiryField) => `contact-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The landing page's contact form: checked here with the server's schema, sent to POST /enquiries,
 * then replaced by the server's confirmation. The first error is scrolled below the sticky header
 * and focused; an error goes as soon as its field changes.
 */
export function ContactForm() {
  const [values, setValues] = useState<EnquiryValues>(EMPTY);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [revealCount, setRevealCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const send = useAction(sendEnquiry);
  const { t } = useT("pages");
  // "pages", not "public": the form is fetched after the first screen, so are its texts.
  // Errors and the confirmation are the server's spec messages: translated once "errors" is loaded.
  const { localize, prepare } = useLazyMessageText();

  useEffect(() => {
    if (revealCount === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-banner]');
    if (!first) return;
    // jsdom has no scrollIntoView; the scroll margin keeps it clear of the sticky header.
    if (typeof first.scrollIntoView === "function") first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [revealCount]);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const change = (field: EnquiryField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setBanner(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    prepare();
    const found = enquiryErrorsOf(values);
    setErrors(found);
    setBanner(null);
    if (Object.keys(found).length > 0) {
      setRevealCount((count) => count + 1);
      return;
    }
    try {
      const answer = await send.mutateAsync(values);
      setValues(EMPTY);
      setSent(answer.message);
    } catch (error) {
      const refused = serverEnquiryError(error);
      if (refused.field) setErrors({ [refused.field]: refused.message });
      else setBanner(refused.message);
      setRevealCount((count) => count + 1);
    }
  };

  if (sent) {
    return (
      <div
        ref={sentRef}
        tabIndex={-1}
        role="status"
        className="flex flex-col gap-4 rounded-xl border border-green-200 bg-green-50 p-5 text-green-900 shadow-sm sm:p-6"
      >
        <p className="flex gap-2 font-medium">
          <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span className="min-w-0 break-words">{localize(sent)}</span>
        </p>
        <div>
          <Button variant="outline" onClick={() => setSent(null)}>
            {t("pages.contactForm.sendAnother")}
          </Button>
        </div>
      </div>
    );
  }

  const errorOf = (field: EnquiryField) => {
    const error = errors[field];
    return error === undefined ? undefined : localize(error);
  };

  const control = (field: EnquiryField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: change(field),
    invalid: errors[field] !== undefined,
    onFocus: prepare,
    "aria-describedby": describedBy(idOf(field), errors[field]),
    className: "scroll-mt-36",
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t("pages.contactForm.label")}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      {banner ? (
        <Alert tone="error" banner className="scroll-mt-36 sm:col-span-2">
          {localize(banner)}
        </Alert>
      ) : null}
      <Field
        id={idOf("firstName")}
        label={t("pages.contactForm.firstName")}
        required
        error={errorOf("firstName")}
        className="min-w-0"
      >
        <Input {...control("firstName")} autoComplete="given-name" maxLength={ENQUIRY_NAME_MAX} required />
      </Field>
      <Field
        id={idOf("lastName")}
        label={t("pages.contactForm.lastName")}
        error={errorOf("lastName")}
        className="min-w-0"
      >
        <Input {...control("lastName")} autoComplete="family-name" maxLength={ENQUIRY_NAME_MAX} />
      </Field>
      <Field
        id={idOf("email")}
        label={t("pages.contactForm.email")}
        required
        error={errorOf("email")}
        className="min-w-0"
      >
        <Input
          {...control("email")}
          type="email"
          autoComplete="email"
          maxLength={ENQUIRY_EMAIL_MAX}
          required
        />
      </Field>
      <Field
        id={idOf("phone")}
        label={t("pages.contactForm.phone")}
        error={errorOf("phone")}
        className="min-w-0"
      >
        <Input {...control("phone")} type="tel" autoComplete="tel" maxLength={ENQUIRY_PHONE_MAX} />
      </Field>
      <Field
        id={idOf("message")}
        label={t("pages.contactForm.message")}
        required
        error={errorOf("message")}
        className="min-w-0 sm:col-span-2"
      >
        <Textarea {...control("message")} rows={4} maxLength={ENQUIRY_MESSAGE_MAX} required />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" isLoading={send.isPending}>
          {t("pages.contactForm.send")}
        </Button>
      </div>
    </form>
  );
}
