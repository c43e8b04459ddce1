import { ChevronDown, MapPin, Pencil, Phone, Trash2 } from "lucide-react";
import { useState } from "react";

import type { Coordinates, Provider, UserType } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { MapLink } from "@/components/location/map-link";
import { useT } from "@/lib/i18n/use-t";

import { PhoneLink } from "./phone-link";

const badgeStyles: Record<UserType, string> = {
  Farmer: "bg-green-100 text-green-800",
  Agent: "bg-sky-100 text-sky-900",
};

/** The location text of a provider or farmer: the address, else the plain location. */
export const locationText = (entry: { address: string | null; location: string | null }): string | null =>
  entry.address?.trim() ||
  (entry.location && !entry.location.trim().startsWith("{") ? entry.location.trim() : null);

function LocationLine({
  entry,
  name,
}: {
  entry: { address: string | null; location: string | null; coordinates: Coordinates | null };
  name: string;
}) {
  const { t } = useT("account");
  const text = locationText(entry);
  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
      <span className="flex min-w-0 items-start gap-1.5 text-slate-700">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <span className={cn("min-w-0 break-words", !text && "italic")}>
          {text ?? t("account.providers.card.noLocation")}
        </span>
      </span>
      {entry.coordinates ? (
        <MapLink coordinates={entry.coordinates} place={name} className="min-h-11 lg:min-h-0" />
      ) : null}
    </div>
  );
}

// The phone link is a finger's size (44 px) below lg; it is not a link inside running text.
const phoneTarget = "*:inline-flex *:min-h-11 *:items-center lg:*:min-h-0";

function Phones({ phone, altPhone }: { phone: string; altPhone: string | null }) {
  const { t } = useT("account");
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <div className="flex items-center gap-1.5">
        <dt className="flex items-center gap-1 text-slate-700">
          <Phone aria-hidden="true" className="h-4 w-4 text-slate-500" />
          {t("account.providers.card.whatsapp")}
        </dt>
        <dd className={phoneTarget}>
          <PhoneLink number={phone} />
        </dd>
      </div>
      {altPhone ? (
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-700">{t("account.providers.card.alternative")}</dt>
          <dd className={phoneTarget}>
            <PhoneLink number={altPhone} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

interface ProviderCardProps {
  provider: Provider;
  editing: boolean;
  /** Absent for a member whose role may not change providers: no Edit or Delete shows. */
  onEdit?: ((provider: Provider) => void) | undefined;
  onDelete?: ((provider: Provider) => void) | undefined;
}

/** One row of 'Your Sample Providers'. */
export function ProviderCard({ provider, editing, onEdit, onDelete }: ProviderCardProps) {
  const { t } = useT("account");
  const [farmersOpen, setFarmersOpen] = useState(false);
  const type: UserType = provider.userType;
  const nameId = `provider-${provider.id}-name`;
  const farmersId = `provider-${provider.id}-farmers`;

  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        "@container space-y-3 rounded-lg border bg-white p-4",
        editing ? "border-teal-500 ring-1 ring-teal-500" : "border-slate-200",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} className="min-w-0 font-semibold break-words text-slate-900">
              {provider.samplerName}
            </h3>
            <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", badgeStyles[type])}>
              {t(`account.providers.userType.${type}`)}
            </span>
          </div>
          <p className="text-xs text-slate-600">{t("account.providers.card.id", { id: provider.id })}</p>
        </div>
        {onEdit && onDelete ? (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("account.providers.card.editLabel", { name: provider.samplerName })}
              onClick={() => onEdit(provider)}
              icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            >
              <span className="hidden @md:inline">{t("account.providers.card.edit")}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              aria-label={t("account.providers.card.deleteLabel", { name: provider.samplerName })}
              onClick={() => onDelete(provider)}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            >
              <span className="hidden @md:inline">{t("account.providers.card.delete")}</span>
            </Button>
          </div>
        ) : null}
      </div>
      <LocationLine entry={provider} name={provider.samplerName} />
      <Phones phone={provider.phoneNumber} altPhone={provider.altPhoneNumber} />
      {type === "Agent" ? (
        <div className="border-t border-slate-200 pt-3">
          <button
            type="button"
            aria-expanded={farmersOpen}
            aria-controls={farmersId}
            onClick={() => setFarmersOpen((open) => !open)}
            className="flex min-h-11 items-center gap-1 rounded pr-2 text-left text-sm font-medium text-teal-800 hover:underline lg:min-h-0 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <ChevronDown
              aria-hidden="true"
              className={cn("h-4 w-4 transition-transform", farmersOpen && "rotate-180")}
            />
            {t("account.providers.card.farmers", { count: provider.farmers.length })}
          </button>
          <div id={farmersId} hidden={!farmersOpen} className="mt-2">
            {provider.farmers.length === 0 ? (
              <p className="text-sm text-slate-600">{t("account.providers.card.noFarmers")}</p>
            ) : (
              <ul
                aria-label={t("account.providers.card.farmersOf", { name: provider.samplerName })}
                className="space-y-2"
              >
                {provider.farmers.map((farmer, index) => (
                  <li key={`${farmer.name}-${index}`} className="space-y-1.5 rounded-md bg-slate-50 p-3">
                    <p className="font-medium break-words text-slate-900">{farmer.name}</p>
                    <LocationLine entry={farmer} name={farmer.name} />
                    <Phones phone={farmer.phoneNumber} altPhone={farmer.altPhoneNumber} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </article>
  );
}
