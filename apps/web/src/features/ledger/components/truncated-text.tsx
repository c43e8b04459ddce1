import { useId, useState } from "react";

import { useT } from "@/lib/i18n/use-t";

import { truncateText } from "../utils/truncate";

/** Text cut at `limit` characters with a more/less toggle; the toggle shows only when cut. */
export function TruncatedText({
  text,
  limit,
  className,
}: {
  text: string;
  limit: number;
  className?: string;
}) {
  const { t } = useT("account");
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const cut = truncateText(text, limit);
  return (
    <span className={className}>
      <span id={id}>{expanded || !cut.truncated ? text : cut.text}</span>
      {cut.truncated ? (
        <>
          {" "}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((value) => !value)}
            // A finger's 44 px target, though the word is short ("more", "और देखें").
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded px-1 align-middle text-xs font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {t(expanded ? "account.ledger.less" : "account.ledger.more")}
          </button>
        </>
      ) : null}
    </span>
  );
}
