import { Mail, MapPin, Phone } from "lucide-react";
import type { FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/input";
import { LAB_ADDRESS, LAB_EMAIL, LAB_PHONE } from "@/config/brand";

/** The contact form has no submit behaviour (spec section 2). */
export function ContactSection() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-slate-50 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4">
          <h2 id="contact-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Contact us
          </h2>
          <p className="text-slate-700">
            Questions about a test, pricing or sample collection? Write to us and our team will answer within
            one business day.
          </p>
          <ul className="space-y-3 text-sm text-slate-800">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              {LAB_ADDRESS}
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              <a href={`mailto:${LAB_EMAIL}`} className="text-teal-800 hover:underline">
                {LAB_EMAIL}
              </a>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-700" />
              {LAB_PHONE}
            </li>
          </ul>
        </div>
        <form
          onSubmit={onSubmit}
          aria-label="Contact"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6"
        >
          <Field id="contact-first-name" label="First Name">
            <Input id="contact-first-name" name="firstName" autoComplete="given-name" />
          </Field>
          <Field id="contact-last-name" label="Last Name">
            <Input id="contact-last-name" name="lastName" autoComplete="family-name" />
          </Field>
          <Field id="contact-email" label="Email">
            <Input id="contact-email" name="email" type="email" autoComplete="email" />
          </Field>
          <Field id="contact-phone" label="Phone">
            <Input id="contact-phone" name="phone" type="tel" autoComplete="tel" />
          </Field>
          <Field id="contact-message" label="Message" className="sm:col-span-2">
            <Textarea id="contact-message" name="message" rows={4} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary">
              Send Message
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
