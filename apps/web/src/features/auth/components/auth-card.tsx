import { useState } from "react";

import { messages } from "@lab/contracts";

import { Card, CardBody } from "@/components/ui/card";

import { RegisterForm } from "./register-form";
import { SignInForm } from "./sign-in-form";
import { VerificationScreen, type VerificationStart } from "./verification-screen";

type Mode =
  | { name: "signin"; email: string; notice: string | null }
  | { name: "register" }
  | { name: "verify"; start: VerificationStart };

/** The landing page's combined sign-in / create-account card, and the e-mail verification screen. */
export function AuthCard() {
  const [mode, setMode] = useState<Mode>({ name: "signin", email: "", notice: null });

  return (
    <Card className="w-full max-w-md shadow-lg">
      <CardBody>
        {mode.name === "verify" ? (
          <VerificationScreen
            key={`${mode.start.email}`}
            start={mode.start}
            onVerified={(email) => setMode({ name: "signin", email, notice: messages.verifiedOk })}
            onBack={() => setMode({ name: "signin", email: mode.start.email, notice: null })}
          />
        ) : (
          <div className="space-y-5">
            <div>
              <h2 className="text-xl font-semibold text-slate-900">
                {mode.name === "signin" ? "Sign In" : "Create Account"}
              </h2>
              <p className="text-sm text-slate-700">
                {mode.name === "signin"
                  ? "Access your samples, progress and test reports."
                  : "Register to submit samples and receive certified reports."}
              </p>
            </div>
            {mode.name === "signin" ? (
              <SignInForm
                key={mode.email}
                defaultEmail={mode.email}
                notice={mode.notice}
                onNeedsVerification={(start) => setMode({ name: "verify", start })}
              />
            ) : (
              <RegisterForm onRegistered={(start) => setMode({ name: "verify", start })} />
            )}
            <p className="text-center text-sm text-slate-700">
              {mode.name === "signin" ? "Don't have an account?" : "Already have an account?"}{" "}
              <button
                type="button"
                onClick={() =>
                  setMode(
                    mode.name === "signin"
                      ? { name: "register" }
                      : { name: "signin", email: "", notice: null },
                  )
                }
                className="font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
              >
                {mode.name === "signin" ? "Create Account" : "Sign In"}
              </button>
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
