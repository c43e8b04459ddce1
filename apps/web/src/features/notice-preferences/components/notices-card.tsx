import { Check, RefreshCw } from "lucide-react";
import { useState } from "react";

import {
  NOTICE_CHANNELS,
  PREFERENCE_KINDS,
  type NoticeChannel,
  type NoticePreferencesView,
  type PreferenceKind,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { LoadingState } from "@/components/ui/spinner";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useNoticePreferences } from "../api/get-notice-preferences";
import { useSaveNoticePreferences } from "../api/save-notice-preferences";

type Channels = Record<PreferenceKind, NoticeChannel[]>;

const CHANNEL_LABEL = {
  email: "account.notices.email",
  sms: "account.notices.sms",
  whatsapp: "account.notices.whatsapp",
} as const;

/**
 * The profile's Notices: for each kind of notice, E-mail, SMS and WhatsApp (the bell shows every
 * notice whatever is chosen), and whether SMS stands in for a WhatsApp message that fails. A channel
 * the account cannot take (no mobile number, no address) is off and says what to add.
 */
export function NoticesCard() {
  const { t } = useT("account");
  const query = useNoticePreferences();
  return (
    <Card>
      <CardBody>
        <section aria-labelledby="notices-title" className="space-y-3">
          <h2 id="notices-title" className="text-lg font-semibold text-slate-900">
            {t("account.notices.title")}
          </h2>
          <p className="text-sm break-words text-slate-700">{t("account.notices.intro")}</p>
          {query.isError ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Alert tone="error" className="flex-1">
                {t("account.notices.loadFailed")}
              </Alert>
              <Button
                variant="outline"
                className="min-h-11"
                onClick={() => void query.refetch()}
                icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
              >
                {t("account.notices.retry")}
              </Button>
            </div>
          ) : query.isPending ? (
            <LoadingState label={t("account.notices.loading")} className="py-6" />
          ) : (
            // A number or address added since opens the choices afresh with that channel usable.
            <NoticesForm key={`${query.data.phone ?? ""}|${query.data.email ?? ""}`} saved={query.data} />
          )}
        </section>
      </CardBody>
    </Card>
  );
}

function NoticesForm({ saved }: { saved: NoticePreferencesView }) {
  const { t } = useT("account", "messages");
  const [channels, setChannels] = useState<Channels>(saved.channels);
  const [smsFallback, setSmsFallback] = useState(saved.smsFallback);
  const [failure, setFailure] = useState<Shown | null>(null);
  const [done, setDone] = useState(false);
  const save = useSaveNoticePreferences();
  const { ref, reveal } = useErrorReveal();
  const hasPhone = saved.phone !== null;
  const hasEmail = saved.email !== null;
  const usable = (channel: NoticeChannel) => (channel === "email" ? hasEmail : hasPhone);

  const toggle = (kind: PreferenceKind, channel: NoticeChannel, on: boolean) => {
    setDone(false);
    setChannels((current) => ({
      ...current,
      [kind]: NOTICE_CHANNELS.filter((each) => (each === channel ? on : current[kind].includes(each))),
    }));
  };

  const submit = () => {
    setFailure(null);
    setDone(false);
    save.mutateAsync({ channels, smsFallback }).then(
      () => setDone(true),
      (error: unknown) => {
        setFailure(shownOf(error));
        reveal();
      },
    );
  };

  return (
    <form
      ref={ref}
      noValidate
      aria-labelledby="notices-title"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ErrorBanner message={failure} />
      <div className="space-y-1 text-sm break-words text-slate-700">
        <p>
          {saved.phone !== null
            ? t("account.notices.phoneTo", { phone: saved.phone })
            : t("account.notices.noPhone")}
        </p>
        <p className="[overflow-wrap:anywhere]">
          {saved.email !== null
            ? t("account.notices.emailTo", { email: saved.email })
            : t("account.notices.noEmail")}
        </p>
      </div>
      <div className="divide-y divide-slate-200 border-y border-slate-200">
        {PREFERENCE_KINDS.map((kind) => (
          <fieldset key={kind} className="min-w-0 space-y-2 py-3">
            <legend className="float-left mb-2 w-full text-sm font-semibold break-words text-slate-900">
              {t(`messages.kind.${kind}`)}
            </legend>
            <div className="clear-left flex flex-wrap gap-2">
              {NOTICE_CHANNELS.map((channel) => (
                <ChannelToggle
                  key={channel}
                  id={`notices-${kind}-${channel}`}
                  label={t(CHANNEL_LABEL[channel])}
                  checked={usable(channel) && channels[kind].includes(channel)}
                  disabled={!usable(channel) || save.isPending}
                  onChange={(on) => toggle(kind, channel, on)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800 has-disabled:cursor-not-allowed has-disabled:opacity-60">
        <input
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-teal-700"
          checked={smsFallback}
          disabled={!hasPhone || save.isPending}
          onChange={(event) => {
            setDone(false);
            setSmsFallback(event.target.checked);
          }}
        />
        <span className="min-w-0 break-words">{t("account.notices.smsFallback")}</span>
      </label>
      {done ? <Alert tone="success">{t("account.notices.saved")}</Alert> : null}
      <Button type="submit" className="min-h-11 w-full sm:w-auto" isLoading={save.isPending}>
        {save.isPending ? t("account.notices.saving") : t("account.notices.save")}
      </Button>
    </form>
  );
}

/** One channel of one kind: a 44 px chip holding a checkbox, ticked when the channel is on. */
function ChannelToggle({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "inline-flex min-h-11 max-w-full items-center gap-2 rounded-3xl border px-3 py-1.5 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-700",
        checked
          ? "border-teal-700 bg-teal-50 font-semibold text-teal-900"
          : "border-slate-300 bg-white text-slate-800",
        disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50",
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="sr-only"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {checked ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
      <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
    </label>
  );
}
