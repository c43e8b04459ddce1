import { Pencil, Plus, Send } from "lucide-react";
import { useState } from "react";

import type { Agent, AgentInput, AgentInvitation } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { shownOf } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";

import { useCreateAgent } from "../api/create-agent";
import { useAgents } from "../api/get-agents";
import { useInviteAgent } from "../api/invite-agent";
import { useUpdateAgent } from "../api/update-agent";
import { AgentForm } from "./agent-form";
import { InvitationDialog, SignInBadge } from "./agent-invitation";

type Editing = { mode: "add" } | { mode: "edit"; agent: Agent } | null;

/**
 * The roster of field agents: add and edit (name, phone, active, coordinates), and invite one to the
 * field app (a link shown once).
 */
export function AgentsPage() {
  const { t } = useT("lab");
  const agents = useAgents();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  // The failure itself: the form shows an error naming its field at that field.
  const [error, setError] = useState<unknown>(null);
  const invite = useInviteAgent();
  const [invitation, setInvitation] = useState<{ agent: Agent; link: AgentInvitation } | null>(null);
  const [inviteError, setInviteError] = useState<unknown>(null);

  const sendInvitation = (agent: Agent) => {
    setInviteError(null);
    invite.mutate(agent.id, {
      onSuccess: (link) => setInvitation({ agent, link }),
      onError: (failure) => setInviteError(failure),
    });
  };

  const close = () => {
    setEditing(null);
    setError(null);
  };

  const save = async (input: AgentInput) => {
    if (!editing) return;
    setError(null);
    try {
      if (editing.mode === "add") {
        const agent = await create.mutateAsync(input);
        toast.success(t("lab.agents.added", { name: agent.name }));
      } else {
        const agent = await update.mutateAsync({ id: editing.agent.id, input });
        toast.success(t("lab.agents.updated", { name: agent.name }));
      }
      close();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("lab.agents.title")}</h1>
          <p className="text-sm text-slate-700">{t("lab.agents.intro")}</p>
        </div>
        <Button
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          onClick={() => setEditing({ mode: "add" })}
        >
          {t("lab.agents.add")}
        </Button>
      </div>

      {inviteError ? <Alert tone="error" message={shownOf(inviteError)} /> : null}

      {agents.isError ? (
        <Alert tone="error" message={agents.error.message} />
      ) : agents.isPending ? (
        <LoadingState label={t("lab.agents.loading")} />
      ) : agents.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">
          {t("lab.agents.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {agents.data.map((agent) => (
            <li
              key={agent.id}
              className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                  {agent.name}
                  <span
                    className={cn(
                      "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                      agent.active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800",
                    )}
                  >
                    {agent.active ? t("lab.agents.active") : t("lab.agents.inactive")}
                  </span>
                  <SignInBadge agent={agent} />
                </p>
                <p className="text-slate-700">{agent.phone}</p>
                <p className="text-xs text-slate-600">
                  {agent.coordinates
                    ? `${agent.coordinates.lat.toFixed(4)}, ${agent.coordinates.lng.toFixed(4)}`
                    : t("lab.agents.noCoordinates")}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t("lab.agents.editLabel", { name: agent.name })}
                  onClick={() => setEditing({ mode: "edit", agent })}
                >
                  {t("lab.agents.edit")}
                </Button>
                {agent.active ? (
                  <Button
                    variant="outline"
                    size="sm"
                    isLoading={invite.isPending && invite.variables === agent.id}
                    disabled={invite.isPending}
                    icon={<Send aria-hidden="true" className="h-4 w-4" />}
                    aria-label={t(agent.canSignIn ? "lab.agents.newLinkLabel" : "lab.agents.inviteLabel", {
                      name: agent.name,
                    })}
                    onClick={() => sendInvitation(agent)}
                  >
                    {/* One who signs in already gets a new link: to set a new password. */}
                    {agent.canSignIn ? t("lab.agents.newLink") : t("lab.agents.invite")}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}

      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />

      <Dialog
        open={editing !== null}
        onClose={close}
        title={editing?.mode === "edit" ? t("lab.agents.editTitle") : t("lab.agents.add")}
      >
        {editing ? (
          <AgentForm
            key={editing.mode === "edit" ? editing.agent.id : "new"}
            agent={editing.mode === "edit" ? editing.agent : undefined}
            busy={create.isPending || update.isPending}
            error={error}
            onSubmit={(input) => void save(input)}
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
