import { Card, CardBody } from "@/components/ui/card";
import { useT } from "@/lib/i18n/use-t";

import { useSampleMessages } from "../api/get-sample-messages";
import { MessageList } from "./message-list";

/** The Messages section of a customer's sample page: their own SMS and WhatsApp messages about it. */
export function SampleMessages({ sampleId }: { sampleId: string }) {
  const { t } = useT("messages");
  const messages = useSampleMessages(sampleId);
  return (
    <Card>
      <CardBody>
        <section aria-labelledby="messages-title" className="space-y-3">
          <h2 id="messages-title" className="text-lg font-semibold text-slate-900">
            {t("messages.title")}
          </h2>
          <p className="text-sm break-words text-slate-700">{t("messages.intro")}</p>
          <MessageList
            messages={messages.data}
            failed={messages.isError}
            onRetry={() => void messages.refetch()}
          />
        </section>
      </CardBody>
    </Card>
  );
}
