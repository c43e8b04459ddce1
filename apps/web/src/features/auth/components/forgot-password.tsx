import { useState } from "react";

import { ForgotPasswordFlow } from "@/components/account/forgot-password-flow";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/use-t";

import { forgotPassword } from "../api/forgot-password";
import { resetPassword } from "../api/reset-password";
import { PhoneReset } from "./phone-reset";

const calls = { requestCode: forgotPassword, resetPassword };

/**
 * The customer's 'Forgot password?': by the account's e-mail address (/auth/forgot-password,
 * /auth/reset-password), or by its mobile number (/auth/phone/code, /auth/phone/reset-password).
 */
export default function ForgotPassword({
  onResetByPhone,
  ...props
}: {
  defaultEmail: string;
  onReset: (email: string, notice: string) => void;
  /** Reset by a code sent to the number: back to sign in with a code, the number filled in. */
  onResetByPhone: (phone: string, notice: string) => void;
  onBack: (email: string) => void;
}) {
  const { t } = useT("credentials");
  const [byPhone, setByPhone] = useState(false);
  if (byPhone) {
    return (
      <PhoneReset
        onReset={onResetByPhone}
        onUseEmail={() => setByPhone(false)}
        onBack={() => props.onBack(props.defaultEmail)}
      />
    );
  }
  return (
    <ForgotPasswordFlow
      calls={calls}
      {...props}
      alternative={
        <Button variant="outline" className="min-h-11 w-full" onClick={() => setByPhone(true)}>
          {t("credentials.phone.reset.useMobile")}
        </Button>
      }
    />
  );
}
