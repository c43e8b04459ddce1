import { Panel } from "@/components/lab/panel";
import { useT } from "@/lib/i18n/use-t";

import { useLabSampleMessages } from "../api/get-lab-sample-messages";
import { MessageList } from "./message-list";

/** The console's Messages panel of a sample: every SMS and WhatsApp message about it, numbers whole. */
export function LabSampleMessages({ sampleId }: { sampleId: number }) {
  const { t } = useT("messages");
  const messages = useLabSampleMessages(sampleId);
  return (
    <Panel title={t("messages.title")} id="messages-title">
      <p className="text-sm break-words text-slate-700">{t("messages.introStaff")}</p>
      <MessageList
        messages={messages.data}
        failed={messages.isError}
        onRetry={() => void messages.refetch()}
      />
    </Panel>
  );
}
