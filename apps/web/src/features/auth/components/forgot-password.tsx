import { ForgotPasswordFlow } from "@/components/account/forgot-password-flow";

import { forgotPassword } from "../api/forgot-password";
import { resetPassword } from "../api/reset-password";

const calls = { requestCode: forgotPassword, resetPassword };

/** The customer's 'Forgot password?' (/auth/forgot-password, /auth/reset-password). */
export default function ForgotPassword(props: {
  defaultEmail: string;
  onReset: (email: string, notice: string) => void;
  onBack: (email: string) => void;
}) {
  return <ForgotPasswordFlow calls={calls} {...props} />;
}
