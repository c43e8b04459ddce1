import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

import { formatCheckCode } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/use-t";

/**
 * A certificate's check code as printed under its number, with a button that copies it: the customer
 * passes it to a buyer, whom it lets read the full results at the public check.
 */
export function CheckCode({ code }: { code: string }) {
  const { t } = useT("reports");
  const [copied, setCopied] = useState(false);
  const shown = formatCheckCode(code);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      // No clipboard (a page not served over https): the code stays on screen to copy by hand.
    }
  };

  return (
    <div className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-0">
        <span className="block text-xs font-medium text-slate-600">{t("reports.detail.checkCode")}</span>
        <span className="font-mono text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
          {shown}
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        className="print:hidden"
        icon={
          copied ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )
        }
        onClick={() => void copy()}
      >
        {t("reports.detail.copyCode")}
      </Button>
      <span role="status" className="text-sm font-medium text-green-800">
        {copied ? t("reports.detail.codeCopied") : ""}
      </span>
      <p className="w-full text-xs text-slate-700">{t("reports.detail.checkCodeHint")}</p>
    </div>
  );
}
