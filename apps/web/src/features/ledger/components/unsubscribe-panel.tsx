import { MailX } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LAB_NAME } from "@/config/brand";
import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useUnsubscribe } from "../api/unsubscribe";

/** The API's text for a refused link; no answer at all reads as 'try again later'. */
function unsubscribeErrorMessage(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : "unsubscribeFailed";
}

/**
 * The page behind the link in a shared-report mail. Opening it changes nothing (mail scanners open
 * links); only the button opts the address out.
 */
export function UnsubscribePanel({ email, signature }: { email: string; signature: string }) {
  const { t } = useT("account");
  const mutation = useUnsubscribe();
  const valid = email !== "" && signature !== "";

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <CardBody className="space-y-4">
          <div className="flex items-start gap-3">
            <MailX aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-teal-700" />
            <div className="min-w-0">
              <h1 className="text-xl font-bold break-words text-slate-900 sm:text-2xl">
                {t("account.ledger.unsubscribe.title")}
              </h1>
              <p className="mt-1 text-sm text-slate-700">
                {t("account.ledger.unsubscribe.intro", { lab: LAB_NAME })}
              </p>
            </div>
          </div>
          {!valid ? (
            <Alert tone="error">
              <LocalizedMessage text={"unsubscribeLinkInvalid"} />
            </Alert>
          ) : mutation.isSuccess ? (
            <Alert tone="success">
              <LocalizedMessage text={"unsubscribeDone"} />
            </Alert>
          ) : (
            <>
              <p className="text-sm text-slate-800">
                <LocalizedMessage text={"unsubscribeConfirm"} />{" "}
                <span className="font-medium break-all">{email}</span>
              </p>
              {mutation.isError ? (
                <Alert tone="error">
                  <LocalizedMessage text={unsubscribeErrorMessage(mutation.error)} />
                </Alert>
              ) : null}
              <Button
                onClick={() => mutation.mutate({ e: email, s: signature })}
                disabled={mutation.isPending}
                className="w-full sm:w-auto"
              >
                {t(
                  mutation.isPending
                    ? "account.ledger.unsubscribe.busy"
                    : "account.ledger.unsubscribe.button",
                )}
              </Button>
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
