import { useQuery } from "@tanstack/react-query";
import { Copy, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";

import {
  COLLECTOR_NOTES_MAX,
  EMAIL_MAX,
  PHONE_MAX,
  SHRIMP_CATEGORY_NAMES,
  type Provider,
  type Sample,
} from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { DraftNotice } from "@/components/ui/draft-notice";
import { focusWhenShown } from "@/components/ui/focus-next";
import {
  ErrorBanner,
  FieldErrorText,
  serverFieldError,
  useErrorReveal,
  useFieldErrors,
  useMarkInvalid,
} from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { readDraft, useDraft, writeDraft, draftStorageKey } from "@/hooks/use-form-draft";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { LocationInput } from "@/components/location/location-input";
import { hasCoordinates, locationPayload, parseStoredLocation } from "@/utils/location";
import { useCreateProvider } from "@/lib/api/create-provider";
import { sampleQueryOptions } from "@/lib/api/get-sample";
import { useProviders } from "@/lib/api/get-providers";
import { providerErrorMessage } from "@/utils/provider-errors";

import { useLotChoice, usePondChoice } from "../api/get-farm-choices";
import { submissionContent, submitRequestFor, useSubmitSample } from "../api/submit-sample";
import {
  SAMPLE_DRAFT_FORM,
  SAMPLE_SENT_FORM,
  alreadySent,
  blankSampleDraft,
  sampleDraftSchema,
  sentSampleSchema,
  type SampleDraft,
} from "../utils/sample-draft";
import { findProviderByName, sameName } from "../utils/provider-search";
import {
  firstProblem,
  sampleFieldOf,
  submissionPayload,
  temporarySamplerId,
  type SampleField,
  type SampleFormValues,
} from "../utils/sample-form";
import { submitErrorMessage } from "../utils/submit-errors";
import { BLANK_LINK, isBlankLink, linkPayload, linkProblem, type SampleLink } from "../utils/sample-link";
import { preHarvestTestTypesOf, withPreHarvestPanel, type SamplePrefill } from "../utils/pre-harvest";
import { copyOfSample, type CopyPlace } from "../utils/copy-sample";
import { ProviderCombobox } from "./provider-combobox";
import { SampleLinkFields } from "./sample-link-fields";
import { SaveProviderDialog } from "./save-provider-dialog";
import { TestTypeList } from "./test-type-list";
import { MarketPicker } from "@/components/reports/market-picker";
import type { Shown } from "@/lib/i18n/message-text";
import { shownOf } from "@/lib/api-client";

/** Submit Sample for Testing: the form. */
export function SubmitSampleForm({
  customerId,
  defaultMarkets = [],
  prefill = null,
  copyId = null,
  onCopied,
  onSubmitted,
}: {
  customerId: number;
  /** The profile's default destination markets: the picker starts with them. */
  defaultMarkets?: readonly string[];
  /** A lot and purpose the page's address asks for (a retest): chosen once the lot is read. */
  prefill?: SamplePrefill | null;
  /** An earlier sample to send again: the form starts as it was (Send a new sample). */
  copyId?: number | null;
  /** The copy is in the form: the page may drop it from its address, so a reload keeps the edits. */
  onCopied?: () => void;
  onSubmitted: (sample: Sample) => void;
}) {
  const toast = useToast();
  const { t } = useT("samples", "domain");
  const names = useDomainNames();
  const providersQuery = useProviders(customerId);
  const providers = providersQuery.data ?? [];
  const createProvider = useCreateProvider();
  const submit = useSubmitSample();
  const [blank] = useState(() => blankSampleDraft(defaultMarkets));
  const draft = useDraft<SampleDraft>({
    form: SAMPLE_DRAFT_FORM,
    accountId: customerId,
    schema: sampleDraftSchema,
    blank,
  });
  const [values, setValues] = useState<SampleFormValues>(() => draft.restored?.values ?? blank.values);
  const [link, setLink] = useState<SampleLink>(() => draft.restored?.link ?? BLANK_LINK);
  const [selected, setSelected] = useState<Provider | null>(null);
  // The provider chosen before a reload, selected again once the list is in.
  const [restoredId, setRestoredId] = useState(draft.restored?.selectedId ?? null);
  const [pending, setPending] = useState(draft.restored?.pending ?? null);
  // A second press while the first is on its way must not send it again.
  const sending = useRef(false);
  // Once sent, nothing of this form is kept again (a late save would bring the sent sample back).
  const finished = useRef(false);
  const [sentAs, setSentAs] = useState<number | null>(null);
  // Errors of one field are shown beside it; the rest (a failed request) in the banner.
  const [alert, setAlert] = useState<Shown | null>(null);
  const { errors, setErrors, clear } = useFieldErrors<SampleField>();
  const [confirmName, setConfirmName] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  // The provider combobox is shared: its field is marked from here.
  useMarkInvalid("sample-provider", "sample-provider-error", Boolean(errors.samplerName));

  const { isError, errorUpdatedAt } = providersQuery;
  useEffect(() => {
    if (isError) toast.error("providersLoadFailed");
  }, [isError, errorUpdatedAt, toast]);

  useEffect(() => {
    if (restoredId === null || providersQuery.data === undefined) return;
    setSelected(providersQuery.data.find((provider) => provider.id === restoredId) ?? null);
    setRestoredId(null);
  }, [restoredId, providersQuery.data]);

  // A retest link's lot: its farm, pond, crop, the lot and the pre-harvest panel, chosen once.
  const prefillLot = useLotChoice(prefill?.lotId ?? null);
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefill === null || prefilled.current) return;
    if (prefill.lotId !== null) {
      if (prefillLot.isError) {
        prefilled.current = true;
        setAlert(shownOf(prefillLot.error));
        return;
      }
      const lot = prefillLot.data;
      if (!lot) return;
      prefilled.current = true;
      setLink({
        farmId: lot.farmId,
        pondId: lot.pondId,
        cropId: lot.cropId,
        lotId: lot.id,
        purpose: "pre_harvest",
      });
      setValues((current) => withPreHarvestPanel(current, lot));
      return;
    }
    prefilled.current = true;
    setLink((current) => ({ ...current, purpose: prefill.purpose, lotId: null }));
    if (prefill.purpose === "pre_harvest") setValues((current) => withPreHarvestPanel(current));
  }, [prefill, prefillLot.data, prefillLot.isError, prefillLot.error]);

  // Send a new sample: the earlier sample, and the farm of its lot or pond, then the form, once.
  const copySource = useQuery({
    ...sampleQueryOptions(String(copyId ?? 0)),
    enabled: copyId !== null,
    retry: false,
  });
  const source = copySource.data;
  const copyLot = useLotChoice(source?.lot?.id ?? null);
  const copyPond = usePondChoice(source && !source.lot ? (source.pond?.id ?? null) : null);
  const copied = useRef(false);
  const [copiedFrom, setCopiedFrom] = useState<number | null>(null);
  useEffect(() => {
    if (copyId === null || copied.current) return;
    if (copySource.isError) {
      copied.current = true;
      setAlert(shownOf(copySource.error));
      return;
    }
    if (!source) return;
    let place: CopyPlace | null = null;
    if (source.lot) {
      if (copyLot.isPending) return;
      if (copyLot.data)
        place = { farmId: copyLot.data.farmId, pondId: copyLot.data.pondId, cropId: copyLot.data.cropId };
    } else if (source.pond) {
      if (copyPond.isPending) return;
      if (copyPond.data)
        place = { farmId: copyPond.data.farmId, pondId: copyPond.data.id, cropId: source.cropId ?? null };
    }
    copied.current = true;
    const copy = copyOfSample(source, place);
    setValues(copy.values);
    setLink(copy.link);
    setSelected(null);
    setRestoredId(copy.providerId);
    setPending(null);
    setErrors({});
    setCopiedFrom(source.id);
    onCopied?.();
  }, [
    copyId,
    source,
    copySource.isError,
    copySource.error,
    copyLot.isPending,
    copyLot.data,
    copyPond.isPending,
    copyPond.data,
    setErrors,
    onCopied,
  ]);

  // The link is kept only once chosen: a form without one saves its draft exactly as before.
  const linkDraft = isBlankLink(link) ? {} : { link };
  const { save } = draft;
  useEffect(() => {
    if (finished.current) return;
    save({ values, selectedId: selected?.id ?? restoredId, pending, ...(isBlankLink(link) ? {} : { link }) });
  }, [save, values, selected, restoredId, pending, link]);

  const discard = () => {
    draft.clear();
    setValues(blank.values);
    setLink(BLANK_LINK);
    setSelected(null);
    setRestoredId(null);
    setPending(null);
    setErrors({});
    setAlert(null);
    setSentAs(null);
  };

  const locationLocked = selected !== null && selected.coordinates !== null;
  const set = <K extends keyof SampleFormValues>(key: K, value: SampleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The error about this input, and a banner about the request, go once it is changed.
    clear(key);
    setSentAs(null);
    // A new category is the fix for "no test type" when there was none to tick.
    if (key === "shrimpCategory") clear("testTypes");
    setAlert(null);
  };

  /** Shows a failed request's error at its field when the server names one, else in the banner. */
  const showFailure = (error: unknown, fallback: Shown) => {
    const named = serverFieldError(error);
    const field = named ? sampleFieldOf(named.field) : null;
    if (named && field) {
      setErrors({ [field]: named.message });
      setAlert(null);
    } else {
      setErrors({});
      setAlert(fallback);
    }
    reveal();
  };

  const changeName = (text: string) => {
    set("samplerName", text);
    // Editing the name so that it no longer matches the selected provider unselects it.
    if (selected && !sameName(selected.samplerName, text)) setSelected(null);
  };

  const selectProvider = (provider: Provider) => {
    setSelected(provider);
    setErrors({});
    setAlert(null);
    const location = parseStoredLocation(provider);
    setValues((current) => ({
      ...current,
      samplerName: provider.samplerName,
      phoneNumber: provider.phoneNumber,
      location: location ?? current.location,
    }));
  };

  const sentKey = draftStorageKey(SAMPLE_SENT_FORM, customerId);
  const send = async (samplerId: number | string) => {
    if (sending.current) return;
    const request = submitRequestFor(
      { ...submissionPayload(values, customerId, samplerId), ...linkPayload(link) },
      pending,
    );
    const content = submissionContent(request.payload);
    const earlier = alreadySent(readDraft(sentKey, sentSampleSchema), content);
    if (earlier !== null) {
      setSentAs(earlier);
      reveal();
      return;
    }
    sending.current = true;
    // Kept before it leaves: if the answer is lost (even with a reload), the re-send uses this key.
    setPending(request);
    draft.saveNow({ values, selectedId: selected?.id ?? restoredId, pending: request, ...linkDraft });
    try {
      const sample = await submit.mutateAsync(request);
      finished.current = true;
      draft.clear();
      writeDraft(sentKey, { content, sampleId: sample.id, at: Date.now() });
      // The next thing to look at is the processing view: its heading takes the focus.
      focusWhenShown("h1", document.querySelector("h1"));
      onSubmitted(sample);
    } catch (error) {
      showFailure(error, submitErrorMessage(error));
    } finally {
      sending.current = false;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstProblem(values) ?? linkProblem(link);
    setAlert(null);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (problem) {
      reveal();
      return;
    }
    const provider = selected ?? findProviderByName(providers, values.samplerName);
    if (provider) {
      void send(provider.id);
      return;
    }
    setConfirmName(values.samplerName.trim());
  };

  const saveAndSend = async () => {
    try {
      const provider = await createProvider.mutateAsync({
        customerId,
        input: {
          samplerName: values.samplerName.trim(),
          userType: "Farmer",
          phoneNumber: values.phoneNumber.trim(),
          location: locationPayload(values.location),
          coordinates: hasCoordinates(values.location) ? values.location.coordinates : null,
        },
      });
      setConfirmName(null);
      setSelected(provider);
      await send(provider.id);
    } catch (error) {
      setConfirmName(null);
      showFailure(error, providerErrorMessage(error, "add"));
    }
  };

  const busy = submit.isPending || createProvider.isPending;
  const noCategory = values.shrimpCategory === "";

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("samples.submit.title")}</h1>
        <p className="text-sm text-slate-700">{t("samples.submit.intro")}</p>
      </div>
      <Card>
        <CardBody>
          <form
            ref={formRef}
            aria-label={t("samples.submit.formLabel")}
            noValidate
            onSubmit={onSubmit}
            className="space-y-5"
          >
            <ErrorBanner message={alert} />
            {copiedFrom !== null ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm break-words text-sky-950"
              >
                <Copy aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span className="min-w-0">{t("samples.submit.copied", { id: copiedFrom })}</span>
              </p>
            ) : null}
            {sentAs !== null ? (
              <p
                role="alert"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
              >
                {t("samples.submit.alreadySent", { id: sentAs })}{" "}
                <Link
                  to={paths.sampleProcessing.href(sentAs)}
                  className="font-medium text-teal-800 underline"
                >
                  {t("samples.submit.viewSent", { id: sentAs })}
                </Link>
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <ProviderCombobox
                  id="sample-provider"
                  label={t("samples.submit.provider")}
                  value={values.samplerName}
                  onChange={changeName}
                  onSelect={selectProvider}
                  providers={providers}
                  loading={providersQuery.isPending}
                  selectedId={selected?.id ?? null}
                  required
                />
                <FieldErrorText id="sample-provider-error" message={errors.samplerName} />
              </div>
              <Field
                id="sample-phone"
                label={t("samples.field.phoneNumber")}
                required
                error={errors.phoneNumber}
              >
                <Input
                  id="sample-phone"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+91 98765 43210"
                  maxLength={PHONE_MAX}
                  invalid={Boolean(errors.phoneNumber)}
                  aria-describedby={describedBy("sample-phone", errors.phoneNumber)}
                  value={values.phoneNumber}
                  onChange={(event) => set("phoneNumber", event.target.value)}
                />
              </Field>
            </div>
            <SampleLinkFields
              value={link}
              errors={{
                farmId: errors.farmId,
                pondId: errors.pondId,
                lotId: errors.lotId,
                purpose: errors.purpose,
              }}
              onChange={(next, field, lot) => {
                setLink(next);
                clear(field);
                if (field === "farmId" || field === "pondId" || field === "purpose") clear("lotId");
                // A pre-harvest screening starts from the export panel, and from the lot's markets.
                if (next.purpose === "pre_harvest" && (field === "purpose" || (field === "lotId" && lot))) {
                  setValues((current) => withPreHarvestPanel(current, lot ?? null));
                  clear("testTypes");
                }
                setSentAs(null);
                setAlert(null);
              }}
            />
            <LocationInput
              id="sample-location"
              label={t("samples.submit.location")}
              required
              value={values.location}
              locked={locationLocked}
              error={errors.location}
              onChange={(location) => set("location", location)}
            />
            {locationLocked ? (
              <p className="-mt-3 text-xs text-slate-600">{t("samples.submit.locationLocked")}</p>
            ) : null}
            <Field
              id="sample-collector-notes"
              label={t("samples.submit.collectorNotes")}
              hint={t("samples.submit.collectorNotesHint")}
              error={errors.collectorNotes}
            >
              <Textarea
                id="sample-collector-notes"
                rows={2}
                maxLength={COLLECTOR_NOTES_MAX}
                invalid={Boolean(errors.collectorNotes)}
                aria-describedby={describedBy("sample-collector-notes", errors.collectorNotes, true)}
                value={values.collectorNotes}
                onChange={(event) => set("collectorNotes", event.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="sample-category"
                label={t("samples.field.shrimpCategory")}
                required
                error={errors.shrimpCategory}
              >
                <Select
                  id="sample-category"
                  value={values.shrimpCategory}
                  // Without a category there are no test types to tick: choosing one is the fix.
                  invalid={Boolean(errors.shrimpCategory) || (Boolean(errors.testTypes) && noCategory)}
                  aria-describedby={
                    describedBy("sample-category", errors.shrimpCategory) ??
                    (errors.testTypes && noCategory ? "test-types-error" : undefined)
                  }
                  onChange={(event) => {
                    // Choosing a category clears the selected test types (but a pre-harvest
                    // screening's panel).
                    set("shrimpCategory", event.target.value);
                    set(
                      "testTypes",
                      link.purpose === "pre_harvest" ? preHarvestTestTypesOf(event.target.value) : [],
                    );
                  }}
                >
                  <option value="">{t("samples.submit.selectCategory")}</option>
                  {/* The value stays the English name the API knows; the reader sees it in their language. */}
                  {SHRIMP_CATEGORY_NAMES.map((name) => (
                    <option key={name} value={name}>
                      {names.category(name)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="sample-email" label={t("samples.submit.email")} error={errors.emailAddress}>
                <Input
                  id="sample-email"
                  type="email"
                  autoComplete="email"
                  maxLength={EMAIL_MAX}
                  invalid={Boolean(errors.emailAddress)}
                  aria-describedby={describedBy("sample-email", errors.emailAddress)}
                  value={values.emailAddress}
                  onChange={(event) => set("emailAddress", event.target.value)}
                />
              </Field>
            </div>
            <div className="space-y-1">
              <TestTypeList
                category={values.shrimpCategory}
                selected={values.testTypes}
                onChange={(testTypes) => set("testTypes", testTypes)}
                errorId={errors.testTypes ? "test-types-error" : undefined}
              />
              <FieldErrorText id="test-types-error" message={errors.testTypes} />
            </div>
            <MarketPicker
              id="sample-markets"
              legend={t("samples.submit.markets")}
              selected={values.markets}
              onChange={(markets) => set("markets", markets)}
              error={errors.markets}
            />
            <DraftNotice saved={draft.saved} onDiscard={discard} />
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
              <Link
                to={paths.dashboard.href()}
                className={buttonClasses("outline")}
                // Cancel is a choice to drop what was typed; Back or a reload keep it.
                onClick={() => {
                  finished.current = true;
                  draft.clear();
                }}
              >
                {t("samples.submit.cancel")}
              </Link>
              <Button type="submit" isLoading={busy} icon={<Send aria-hidden="true" className="h-4 w-4" />}>
                {busy ? t("samples.submit.submitting") : t("samples.submit.submit")}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <SaveProviderDialog
        name={confirmName}
        busy={createProvider.isPending}
        onYes={() => void saveAndSend()}
        onNo={() => {
          setConfirmName(null);
          void send(temporarySamplerId());
        }}
        onClose={() => setConfirmName(null)}
      />
    </div>
  );
}
