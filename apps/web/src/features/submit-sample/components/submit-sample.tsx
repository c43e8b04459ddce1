import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";

import { type Sample } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { sampleQueryOptions, useSample } from "@/lib/api/get-sample";
import { isApiError } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { copyIdOf } from "../utils/copy-sample";
import { samplePrefillOf } from "../utils/pre-harvest";
import { SampleProcessing } from "./sample-processing";
import { SubmitSampleForm } from "./submit-sample-form";

/**
 * /submit-sample: the form (`?lot={id}&purpose=pre_harvest` starts a retest of that harvest lot,
 * `?copy={id}` starts as a copy of that sample);
 * once submitted, /submit-sample/{id}: the processing view of that sample, read from the API, so
 * that a reload or a shared link keeps it.
 */
export function SubmitSample() {
  const user = useUser();
  const { sampleId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // The address's lot and purpose start the form (once: the form keeps what is changed after).
  const query = search.toString();
  const prefill = useMemo(() => samplePrefillOf(new URLSearchParams(query)), [query]);
  // `?copy={id}`: Send a new sample as that one was; dropped from the address once in the form.
  const copyId = useMemo(() => copyIdOf(new URLSearchParams(query)), [query]);
  const dropCopy = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("copy");
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  if (!user) return null;
  if (sampleId !== undefined) {
    return (
      <ProcessingOf
        key={sampleId}
        sampleId={sampleId}
        onSubmitAnother={() => void navigate(paths.submitSample.href())}
      />
    );
  }
  const submitted = (sample: Sample) => {
    // The answer is the sample as it is: the processing view needs no second request.
    queryClient.setQueryData(sampleQueryOptions(String(sample.id)).queryKey, sample);
    // In place of the form: Back then shows what came before it, never the filled form to send again.
    void navigate(paths.sampleProcessing.href(sample.id), { replace: true });
  };
  return (
    <SubmitSampleForm
      customerId={user.id}
      // A session stored by an older version of the app has no default markets yet.
      defaultMarkets={(user as Partial<typeof user>).defaultMarkets ?? []}
      prefill={prefill}
      copyId={copyId}
      onCopied={dropCopy}
      onSubmitted={submitted}
    />
  );
}

function ProcessingOf({ sampleId, onSubmitAnother }: { sampleId: string; onSubmitAnother: () => void }) {
  const sample = useSample(sampleId);
  const { t } = useT("samples");
  if (sample.data) return <SampleProcessing submitted={sample.data} onSubmitAnother={onSubmitAnother} />;
  if (sample.isPending) return <LoadingState label={t("samples.processing.loading")} />;
  const notFound = isApiError(sample.error) && sample.error.status === 404;
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <Card>
        <CardBody className="space-y-3">
          <h1 className="text-xl font-bold text-red-800">
            {notFound ? <LocalizedMessage text={"sampleNotFound"} /> : t("samples.processing.error.title")}
          </h1>
          <p role="alert" className="text-sm text-slate-700">
            {notFound ? (
              t("samples.processing.notFound", { id: sampleId })
            ) : (
              <LocalizedMessage text={sample.error?.message ?? "serverError"} />
            )}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            {notFound ? null : (
              <Button
                onClick={() => void sample.refetch()}
                icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
              >
                {t("samples.retry")}
              </Button>
            )}
            <Link to={paths.samples.href()} className={buttonClasses("secondary")}>
              {t("samples.processing.viewAll")}
            </Link>
            <Link to={paths.submitSample.href()} className={buttonClasses("outline")}>
              {t("samples.processing.submitOne")}
            </Link>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
