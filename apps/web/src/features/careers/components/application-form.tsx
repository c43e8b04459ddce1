import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { useT, type T } from "@/lib/i18n/use-t";

// Built per language: zod keeps the texts it was given, and they show as they are.
const applicationSchemaIn = (t: T<"pages">) =>
  z.object({
    name: z.string().trim().min(1, t("pages.careers.form.nameRequired")),
    email: z
      .string()
      .trim()
      .min(1, t("pages.careers.form.emailRequired"))
      .pipe(z.email({ error: t("pages.careers.form.emailInvalid") })),
    phone: z.string().trim().min(1, t("pages.careers.form.phoneRequired")),
    position: z.string().min(1, t("pages.careers.form.positionRequired")),
    experience: z.string().trim().min(1, t("pages.careers.form.experienceRequired")),
    education: z.string().trim().min(1, t("pages.careers.form.educationRequired")),
    coverLetter: z.string().trim().min(1, t("pages.careers.form.coverLetterRequired")),
  });
const COVER_LETTER_ID = "apply-cover-letter";

type ApplicationValues = z.infer<ReturnType<typeof applicationSchemaIn>>;

const empty: ApplicationValues = {
  name: "",
  email: "",
  phone: "",
  position: "",
  experience: "",
  education: "",
  coverLetter: "",
};

/** All fields required; submit only thanks the applicant and clears the form (nothing is sent). */
export function ApplicationForm({ positions }: { positions: string[] }) {
  const { t } = useT("pages");
  const schema = useMemo(() => applicationSchemaIn(t), [t]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ApplicationValues>({ resolver: zodResolver(schema), defaultValues: empty });

  const onSubmit = handleSubmit(() => {
    window.alert(t("pages.careers.form.thanks"));
    reset(empty);
  });

  const control = (name: keyof ApplicationValues, id = `apply-${name}`) => ({
    id,
    required: true,
    invalid: Boolean(errors[name]),
    "aria-describedby": describedBy(id, errors[name]?.message),
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t("pages.careers.form.label")}
      className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <Field id="apply-name" label={t("pages.careers.form.name")} required error={errors.name?.message}>
        <Input {...control("name")} autoComplete="name" {...register("name")} />
      </Field>
      <Field id="apply-email" label={t("pages.careers.form.email")} required error={errors.email?.message}>
        <Input {...control("email")} type="email" autoComplete="email" {...register("email")} />
      </Field>
      <Field id="apply-phone" label={t("pages.careers.form.phone")} required error={errors.phone?.message}>
        <Input {...control("phone")} type="tel" autoComplete="tel" {...register("phone")} />
      </Field>
      <Field
        id="apply-position"
        label={t("pages.careers.form.position")}
        required
        error={errors.position?.message}
      >
        <Select {...control("position")} {...register("position")}>
          <option value="">{t("pages.careers.form.positionPlaceholder")}</option>
          {positions.map((position) => (
            <option key={position} value={position} lang="en">
              {position}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="apply-experience"
        label={t("pages.careers.form.experience")}
        required
        error={errors.experience?.message}
      >
        <Input
          {...control("experience")}
          placeholder={t("pages.careers.form.experiencePlaceholder")}
          {...register("experience")}
        />
      </Field>
      <Field
        id="apply-education"
        label={t("pages.careers.form.education")}
        required
        error={errors.education?.message}
      >
        <Input
          {...control("education")}
          placeholder={t("pages.careers.form.educationPlaceholder")}
          {...register("education")}
        />
      </Field>
      <Field
        id={COVER_LETTER_ID}
        label={t("pages.careers.form.coverLetter")}
        required
        error={errors.coverLetter?.message}
        className="sm:col-span-2"
      >
        <Textarea {...control("coverLetter", COVER_LETTER_ID)} rows={5} {...register("coverLetter")} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit">{t("pages.careers.form.submit")}</Button>
      </div>
    </form>
  );
}
