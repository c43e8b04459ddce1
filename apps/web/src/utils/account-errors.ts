import { isApiError } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

export type PasswordField = "currentPassword" | "newPassword";

/** Where a failed password or e-mail change shows its error: beside a field, or above the form. */
export interface AccountError {
  field: PasswordField | null;
  message: Shown;
}

/**
 * PUT …/password and the e-mail change: 403 current_password_invalid and 400 current_password_required
 * belong to the current password; a weak or unchanged new password to the new one; the rest to the form.
 */
export function accountError(error: unknown): AccountError {
  if (!isApiError(error)) return { field: null, message: "serverError" };
  if (error.code === "current_password_invalid") {
    return { field: "currentPassword", message: "currentPasswordWrong" };
  }
  if (error.code === "current_password_required") {
    return { field: "currentPassword", message: "currentPasswordRequired" };
  }
  if (error.status === 400 && (error.messageCode === "password_weak" || error.code === "weak_password")) {
    return { field: "newPassword", message: "passwordWeak" };
  }
  if (error.status === 400 && error.messageCode === "new_password_same_as_old") {
    return { field: "newPassword", message: "newPasswordSameAsOld" };
  }
  return { field: null, message: error.message ? error.shown : "serverError" };
}
