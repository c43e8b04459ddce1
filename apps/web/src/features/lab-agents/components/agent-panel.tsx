import { UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import type { Agent, LabSample } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useAgents } from "../api/get-agents";
import { currentAgentOf } from "../utils/agents";

interface AgentPanelProps {
  sample: Pick<LabSample, "id" | "status" | "assigned">;
  busy: boolean;
  onAssign: (agent: Agent) => void;
  onUnassign: () => void;
}

/** Assign (PENDING), change or unassign (COLLECTING) a field agent from the active roster. */
export function AgentPanel({ sample, busy, onAssign, onUnassign }: AgentPanelProps) {
  const { t } = useT("lab");
  const agents = useAgents();
  const roster = agents.data ?? [];
  const active = roster.filter((agent) => agent.active);
  const current = currentAgentOf(sample.assigned, roster);
  const [picked, setPicked] = useState<string>("");
  const chosen = picked || (current ? String(current.id) : "");
  const collecting = sample.status === "COLLECTING";
  const agent = active.find((entry) => String(entry.id) === chosen);

  if (agents.isError) {
    return (
      <p className="text-sm text-red-800">
        <LocalizedMessage text={agents.error.message} />
      </p>
    );
  }
  if (agents.isPending) return <p className="text-sm text-slate-700">{t("lab.agents.loading")}</p>;

  return (
    <div className="space-y-3">
      {active.length === 0 ? (
        <p className="text-sm text-slate-700">
          {t("lab.agentPanel.noActive")}{" "}
          <Link to={paths.labAgents.href()} className="font-medium text-teal-800 underline">
            {t("lab.agentPanel.addLink")}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field id="assign-agent" label={t("lab.agentPanel.agent")} className="min-w-0 flex-1">
            <Select id="assign-agent" value={chosen} onChange={(event) => setPicked(event.target.value)}>
              <option value="">{t("lab.agentPanel.choose")}</option>
              {active.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} · {entry.phone}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            disabled={!agent || (collecting && agent.id === current?.id)}
            isLoading={busy}
            icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}
            onClick={() => {
              if (agent) onAssign(agent);
            }}
          >
            {collecting ? t("lab.agentPanel.change") : t("lab.agentPanel.assign")}
          </Button>
        </div>
      )}
      {collecting ? (
        <Button
          variant="outline"
          disabled={busy}
          icon={<UserMinus aria-hidden="true" className="h-4 w-4" />}
          onClick={onUnassign}
        >
          {t("lab.agentPanel.unassign")}
        </Button>
      ) : null}
    </div>
  );
}
