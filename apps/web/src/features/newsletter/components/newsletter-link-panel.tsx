import { MailCheck, MailX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import { type NewsletterStateResponse } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { useAction } from "@/lib/use-action";

import { confirmNewsletter } from "../api/confirm-newsletter";
import { unsubscribeNewsletter } from "../api/unsubscribe-newsletter";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const failureMessage = (error: unknown): string =>
  isApiError(error) && error.status !== 0 && error.status < 500 && error.message
    ? error.message
    : "serviceUnavailable";

type State =
  | { kind: "idle" | "pending" }
  | { kind: "done"; answer: NewsletterStateResponse }
  | { kind: "failed"; message: string };

/**
 * The pages behind the newsletter mail's links. Confirm runs on opening: the person has just clicked
 * "Confirm". Unsubscribe waits for its button, since mail scanners open links too.
 */
export function NewsletterLinkPanel({ action, token }: { action: "confirm" | "unsubscribe"; token: string }) {
  const valid = TOKEN.test(token);
  const [state, setState] = useState<State>({ kind: "idle" });
  const run = useAction(action === "confirm" ? confirmNewsletter : unsubscribeNewsletter);
  const started = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const { t } = useT("pages");

  const start = async () => {
    setState({ kind: "pending" });
    try {
      setState({ kind: "done", answer: await run.mutateAsync(token) });
    } catch (error) {
      setState({ kind: "failed", message: failureMessage(error) });
    }
  };

  useEffect(() => {
    // Once per page, also under StrictMode's double effects (the call is idempotent anyway).
    if (action !== "confirm" || !valid || started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on opening
  }, []);

  useEffect(() => {
    const result = resultRef.current;
    if (!result || (state.kind !== "done" && state.kind !== "failed")) return;
    // jsdom has no scrollIntoView.
    if (typeof result.scrollIntoView === "function") result.scrollIntoView({ block: "center" });
    result.focus({ preventScroll: true });
  }, [state.kind]);

  const title =
    action === "confirm" ? t("pages.newsletter.confirmTitle") : t("pages.newsletter.unsubscribeTitle");
  const Icon = action === "confirm" ? MailCheck : MailX;

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <CardBody className="space-y-4">
          <div className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-teal-700" />
            <h1 className="min-w-0 text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          </div>
          <div ref={resultRef} tabIndex={-1} className="outline-none">
            {!valid ? (
              <Alert tone="error">
                <LocalizedMessage text={"newsletterLinkInvalid"} />
              </Alert>
            ) : state.kind === "done" ? (
              <Alert tone="success">
                <LocalizedMessage text={state.answer.message} />{" "}
                <span className="font-medium break-all">{state.answer.email}</span>
              </Alert>
            ) : state.kind === "failed" ? (
              <Alert tone="error">
                <LocalizedMessage text={state.message} />
              </Alert>
            ) : action === "confirm" || state.kind === "pending" ? (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <Spinner size="sm" />{" "}
                {action === "confirm"
                  ? t("pages.newsletter.confirming")
                  : t("pages.newsletter.unsubscribing")}
              </p>
            ) : (
              <div className="space-y-3">
                <p className="text-sm text-slate-800">{t("pages.newsletter.unsubscribeQuestion")}</p>
                <Button onClick={() => void start()} className="w-full sm:w-auto">
                  {t("pages.newsletter.unsubscribe")}
                </Button>
              </div>
            )}
          </div>
          {state.kind === "failed" && action === "unsubscribe" ? (
            <Button variant="outline" onClick={() => void start()}>
              {t("common.retry")}
            </Button>
          ) : null}
          <Link to={paths.blog.href()} className={buttonClasses("outline")}>
            {t("pages.newsletter.goToBlog")}
          </Link>
        </CardBody>
      </Card>
    </div>
  );
}
