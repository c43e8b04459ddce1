import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";

export const APPLICATION_THANKS =
  "Thank you for your application! We will review it and get back to you soon.";

const applicationSchema = z.object({
  name: z.string().trim().min(1, "Please enter your full name."),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
  phone: z.string().trim().min(1, "Please enter your phone number."),
  position: z.string().min(1, "Please select a position."),
  experience: z.string().trim().min(1, "Please enter your experience."),
  education: z.string().trim().min(1, "Please enter your education."),
  coverLetter: z.string().trim().min(1, "Please write a cover letter."),
});
type ApplicationValues = z.infer<typeof applicationSchema>;

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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ApplicationValues>({ resolver: zodResolver(applicationSchema), defaultValues: empty });

  const onSubmit = handleSubmit(() => {
    window.alert(APPLICATION_THANKS);
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
      aria-label="Job application"
      className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <Field id="apply-name" label="Full Name" required error={errors.name?.message}>
        <Input {...control("name")} autoComplete="name" {...register("name")} />
      </Field>
      <Field id="apply-email" label="Email" required error={errors.email?.message}>
        <Input {...control("email")} type="email" autoComplete="email" {...register("email")} />
      </Field>
      <Field id="apply-phone" label="Phone" required error={errors.phone?.message}>
        <Input {...control("phone")} type="tel" autoComplete="tel" {...register("phone")} />
      </Field>
      <Field id="apply-position" label="Position" required error={errors.position?.message}>
        <Select {...control("position")} {...register("position")}>
          <option value="">Select a position</option>
          {positions.map((position) => (
            <option key={position} value={position}>
              {position}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="apply-experience" label="Experience" required error={errors.experience?.message}>
        <Input
          {...control("experience")}
          placeholder="e.g. 3 years in a food testing lab"
          {...register("experience")}
        />
      </Field>
      <Field id="apply-education" label="Education" required error={errors.education?.message}>
        <Input {...control("education")} placeholder="e.g. M.Sc. Microbiology" {...register("education")} />
      </Field>
      <Field
        id="apply-cover-letter"
        label="Cover Letter"
        required
        error={errors.coverLetter?.message}
        className="sm:col-span-2"
      >
        <Textarea {...control("coverLetter", "apply-cover-letter")} rows={5} {...register("coverLetter")} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit">Submit Application</Button>
      </div>
    </form>
  );
}
