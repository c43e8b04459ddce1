import { CheckCheck, Mail, Phone } from "lucide-react";

import type { ContactEnquiry } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useEnquiries } from "../api/get-enquiries";
import { useMarkEnquiryHandled } from "../api/mark-enquiry-handled";
import { messageText } from "@/lib/i18n/localized-names";

/** The contact form's enquiries, newest first; staff answer by mail and mark them handled. */
export function EnquiriesPage() {
  const { t } = useT("lab");
  const enquiries = useEnquiries();
  const items = enquiries.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("lab.enquiries.title")}</h1>
        <p className="text-sm text-slate-700">{t("lab.enquiries.intro")}</p>
      </div>
      {enquiries.isPending ? (
        <LoadingState label={t("lab.enquiries.loading")} />
      ) : enquiries.isError ? (
        <Alert tone="error" message={enquiries.error.message} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-700">{t("lab.enquiries.empty")}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("lab.enquiries.listLabel")}>
          {items.map((enquiry) => (
            <EnquiryCard key={enquiry.id} enquiry={enquiry} />
          ))}
        </ul>
      )}
      {enquiries.hasNextPage ? (
        <Button
          variant="outline"
          isLoading={enquiries.isFetchingNextPage}
          onClick={() => void enquiries.fetchNextPage()}
        >
          {t("lab.enquiries.older")}
        </Button>
      ) : null}
    </div>
  );
}

function EnquiryCard({ enquiry }: { enquiry: ContactEnquiry }) {
  const { t, date } = useT("lab");
  const handled = useMarkEnquiryHandled();
  const toast = useToast();
  const name = [enquiry.firstName, enquiry.lastName].filter(Boolean).join(" ");
  const markHandled = () =>
    handled.mutate(enquiry.id, { onError: (error) => toast.error(messageText(error.message)) });

  return (
    <li>
      <Card>
        <CardBody className="space-y-3">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 className="text-base font-semibold break-words text-slate-900">
                {name} <span className="text-sm font-normal text-slate-600">#{enquiry.id}</span>
              </h2>
              <p className="text-xs text-slate-600">{date(enquiry.createdAt, "dateTime")}</p>
            </div>
            {enquiry.handledAt ? (
              <span className="inline-flex items-center gap-1 self-start rounded-full bg-green-50 px-2.5 py-1 text-xs font-medium text-green-800">
                <CheckCheck aria-hidden="true" className="h-3.5 w-3.5" />
                {t("lab.enquiries.handled", { date: date(enquiry.handledAt, "dateTime") })}
              </span>
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="min-h-11 self-start"
                isLoading={handled.isPending}
                onClick={markHandled}
                aria-label={t("lab.enquiries.markLabel", { id: enquiry.id, name })}
              >
                {t("lab.enquiries.mark")}
              </Button>
            )}
          </div>
          <ul className="flex flex-col gap-1 text-sm text-slate-800 sm:flex-row sm:flex-wrap sm:gap-4">
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
              <a
                href={`mailto:${enquiry.email}`}
                className="inline-flex min-h-11 min-w-0 items-center break-all text-teal-800 underline lg:min-h-0"
              >
                {enquiry.email}
              </a>
            </li>
            {enquiry.phone ? (
              <li className="flex items-center gap-1.5">
                <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-700" />
                <a
                  href={`tel:${enquiry.phone.replace(/\s/g, "")}`}
                  className="inline-flex min-h-11 items-center text-teal-800 underline lg:min-h-0"
                >
                  {enquiry.phone}
                </a>
              </li>
            ) : null}
          </ul>
          <p className="text-sm break-words whitespace-pre-line text-slate-800">{enquiry.message}</p>
        </CardBody>
      </Card>
    </li>
  );
}
