import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { messages, type Customer } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { profileErrorMessage } from "@/lib/api-client";

import { useUpdateProfile } from "../api/update-profile";
import { changedProfileFields, profileFormValues, type ProfileFormValues } from "../utils/changed-fields";

const profileSchema = z.object({
  fullName: z.string().trim().min(1, messages.nameRequired).max(120),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: messages.invalidEmailFormat })),
  company: z.string().max(160),
  phoneNumber: z.string().max(32),
  address: z.string().max(500),
});

interface ProfileFormProps {
  customer: Customer;
  editing: boolean;
  /** Prefix for element ids, so the page and the modal can both exist. */
  idPrefix: string;
  /** The form's accessible name. */
  label?: string;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Full Name, Email Address, Company, Phone Number, Address; read-only until editing. */
export function ProfileForm({
  customer,
  editing,
  idPrefix,
  label = "Profile",
  onSaved,
  onCancel,
}: ProfileFormProps) {
  const toast = useToast();
  const update = useUpdateProfile();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: profileFormValues(customer),
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null);
    const changes = changedProfileFields(customer, values);
    if (Object.keys(changes).length === 0) {
      toast.success(messages.dataUpdatedLocally);
      onSaved?.();
      return;
    }
    try {
      await update.mutateAsync({ id: customer.id, changes });
      toast.success(messages.profileUpdated);
      onSaved?.();
    } catch (error) {
      setSaveError(profileErrorMessage(error, "update"));
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const readOnly = !editing;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      {saveError ? (
        <Alert tone="error" className="border-red-300 bg-red-50">
          {saveError}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("full-name")} label="Full Name" error={errors.fullName?.message}>
          <Input
            id={id("full-name")}
            autoComplete="name"
            readOnly={readOnly}
            invalid={Boolean(errors.fullName)}
            aria-describedby={describedBy(id("full-name"), errors.fullName?.message)}
            {...register("fullName")}
          />
        </Field>
        <Field id={id("email")} label="Email Address" error={errors.email?.message}>
          <Input
            id={id("email")}
            type="email"
            autoComplete="email"
            readOnly={readOnly}
            invalid={Boolean(errors.email)}
            aria-describedby={describedBy(id("email"), errors.email?.message)}
            {...register("email")}
          />
        </Field>
        <Field id={id("company")} label="Company" error={errors.company?.message}>
          <Input
            id={id("company")}
            autoComplete="organization"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "Company name"}
            {...register("company")}
          />
        </Field>
        <Field id={id("phone")} label="Phone Number" error={errors.phoneNumber?.message}>
          <Input
            id={id("phone")}
            type="tel"
            autoComplete="tel"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "+91 98765 43210"}
            {...register("phoneNumber")}
          />
        </Field>
        <Field id={id("address")} label="Address" error={errors.address?.message} className="sm:col-span-2">
          <Textarea
            id={id("address")}
            rows={3}
            autoComplete="street-address"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "Street, city, state, PIN code"}
            {...register("address")}
          />
        </Field>
      </div>
      {editing ? (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={update.isPending}
            icon={<Save aria-hidden="true" className="h-4 w-4" />}
          >
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
