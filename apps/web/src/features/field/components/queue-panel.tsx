import { CloudUpload, Pencil, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { sendQueueNow } from "../hooks/use-queue";
import { removeQueued, type QueuedCollection } from "../utils/field-db";
import { shownQueueError } from "../utils/shown-error";

/** "3 waiting to send", and each waiting collection with its state, its error and what to do. */
export function QueueBar({ items }: { items: QueuedCollection[] | null }) {
  const { t, date } = useT("field");
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  if (!items || items.length === 0) return null;
  const refused = items.filter((item) => item.state === "refused").length;
  return (
    <section
      aria-label={t("field.queue.label")}
      className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="flex min-w-0 items-center gap-2 text-sm font-medium text-sky-950">
          <CloudUpload aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="min-w-0 break-words">
            {t("field.queue.waiting", { count: items.length })}
            {refused > 0 ? ` · ${t("field.queue.refusedCount", { count: refused })}` : ""}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="min-h-11" onClick={() => void sendQueueNow()}>
            {t("field.queue.sendNow")}
          </Button>
          <Button variant="ghost" className="min-h-11" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t("field.queue.hide") : t("field.queue.show")}
          </Button>
        </div>
      </div>
      {open ? (
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
              <p className="break-words font-medium text-slate-900">
                {t("field.queue.item", {
                  id: item.body.sampleId,
                  time: date(item.body.collectedAt, "dateTime"),
                })}
              </p>
              <p className="text-slate-700">{t(`field.queue.state.${item.state}`)}</p>
              {item.lastError ? (
                <p className="mt-1 break-words text-red-800">
                  <LocalizedMessage text={shownQueueError(item.lastError)} />
                </p>
              ) : null}
              {item.state === "refused" ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  <Link
                    to={paths.fieldJob.href(item.body.sampleId, { edit: item.id })}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 font-medium text-slate-800"
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {t("field.queue.edit")}
                  </Link>
                  {confirming === item.id ? (
                    <Button variant="danger" className="min-h-11" onClick={() => void removeQueued(item.id)}>
                      {t("field.queue.discardConfirm")}
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      className="min-h-11"
                      icon={<X aria-hidden="true" className="h-4 w-4" />}
                      onClick={() => setConfirming(item.id)}
                    >
                      {t("field.queue.discard")}
                    </Button>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
