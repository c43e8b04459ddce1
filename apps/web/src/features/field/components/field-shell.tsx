import { Download, WifiOff, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

import { agentSignOut } from "../api/sign-out";
import { useInstallPrompt } from "../hooks/use-install-prompt";
import { useOfflineCatalogues } from "../hooks/use-offline-catalogues";
import type { AgentSession } from "../utils/agent-session";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

/** The field app's frame: its name, the agent, sign-out, the offline line and the install offer. */
export function FieldShell({ session, children }: { session: AgentSession | null; children: ReactNode }) {
  const { t } = useT("field");
  const online = useOnline();
  const navigate = useNavigate();
  const { canInstall, install, dismiss } = useInstallPrompt();
  useOfflineCatalogues();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-teal-800 text-white">
        <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <Link to={paths.field.href()} className="flex min-h-11 items-center text-lg font-bold">
            {t("field.appName")}
          </Link>
          {session ? (
            <div className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 break-words text-sm">{session.agent.name}</span>
              <Button
                variant="ghost"
                className="min-h-11 text-white hover:bg-teal-700"
                onClick={() =>
                  void agentSignOut().finally(
                    () => void navigate(paths.fieldSignIn.href(), { replace: true }),
                  )
                }
              >
                {t("field.signOut")}
              </Button>
            </div>
          ) : null}
        </div>
      </header>
      {online ? null : (
        <p role="status" className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950">
          <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="min-w-0 break-words">{t("field.offlineNotice")}</span>
        </p>
      )}
      {canInstall ? (
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-2 px-4 pt-3">
          <Button
            variant="outline"
            className="min-h-11"
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
            onClick={install}
          >
            {t("field.install")}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11 min-w-11"
            aria-label={t("field.installDismiss")}
            onClick={dismiss}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ) : null}
      <main id="main" className="mx-auto max-w-2xl px-4 py-4">
        {children}
      </main>
    </div>
  );
}
