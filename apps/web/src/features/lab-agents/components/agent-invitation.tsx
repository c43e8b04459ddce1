import { Copy } from "lucide-react";
import { useId, useState } from "react";

import { AGENT_INVITATION_DAYS, type Agent, type AgentInvitation } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

/** Whether the agent signs in to the field app, or until when their invitation link works. */
export function SignInBadge({ agent }: { agent: Agent }) {
  const { t, date } = useT("lab");
  // An expired link is no invitation; the page's opening time is recent enough to tell.
  const [now] = useState(() => Date.now());
  if (agent.canSignIn) {
    return (
      <span className="rounded-full bg-teal-100 px-2.5 py-0.5 text-xs font-semibold text-teal-900">
        {t("lab.agents.canSignIn")}
      </span>
    );
  }
  if (agent.invitedUntil === null || Date.parse(agent.invitedUntil) <= now) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      {t("lab.agents.invitedUntil", { date: date(agent.invitedUntil, "dateTime") })}
    </span>
  );
}

/** The invitation link, shown once: copy it and give it to the agent. */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  invitation: { agent: Agent; link: AgentInvitation } | null;
  onClose: () => void;
}) {
  const { t, date } = useT("lab");
  const id = useId();
  const toast = useToast();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("lab.agents.copied"));
    } catch {
      toast.error(t("lab.agents.copyFailed"));
    }
  };
  return (
    <Dialog
      open={invitation !== null}
      onClose={onClose}
      title={invitation ? t("lab.agents.inviteTitle", { name: invitation.agent.name }) : ""}
    >
      {invitation ? (
        <div className="space-y-3">
          <p className="text-sm break-words text-slate-800">
            {t("lab.agents.inviteNote", { days: AGENT_INVITATION_DAYS })}
          </p>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t("lab.agents.inviteLink")}
          </label>
          <Input
            id={id}
            readOnly
            value={invitation.link.url}
            className="min-h-11 font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
          <p className="text-xs text-slate-600">
            {t("lab.agents.inviteExpires", { date: date(invitation.link.expiresAt, "dateTime") })}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              className="min-h-11"
              icon={<Copy aria-hidden="true" className="h-4 w-4" />}
              onClick={() => void copy(invitation.link.url)}
            >
              {t("lab.agents.copy")}
            </Button>
            <Button variant="outline" className="min-h-11" onClick={onClose}>
              {t("common.close")}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
