import { messages } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

export type PasswordField = "currentPassword" | "newPassword";

/** Where a failed password or e-mail change shows its error: beside a field, or above the form. */
export interface AccountError {
  field: PasswordField | null;
  message: string;
}

/**
 * PUT …/password and the e-mail change: 403 current_password_invalid and 400 current_password_required
 * belong to the current password; a weak or unchanged new password to the new one; the rest to the form.
 */
export function accountError(error: unknown): AccountError {
  if (!isApiError(error)) return { field: null, message: messages.serverError };
  if (error.code === "current_password_invalid") {
    return { field: "currentPassword", message: messages.currentPasswordWrong };
  }
  if (error.code === "current_password_required") {
    return { field: "currentPassword", message: messages.currentPasswordRequired };
  }
  if (error.status === 400 && (error.message === messages.passwordWeak || error.code === "weak_password")) {
    return { field: "newPassword", message: messages.passwordWeak };
  }
  if (error.status === 400 && error.message === messages.newPasswordSameAsOld) {
    return { field: "newPassword", message: messages.newPasswordSameAsOld };
  }
  return { field: null, message: error.message || messages.serverError };
}
