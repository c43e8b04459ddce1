import { Search } from "lucide-react";
import { useState } from "react";

import { NAME_MAX, type Provider } from "@lab/contracts";

import { Combobox } from "@/components/ui/combobox";
import { Field, describedBy } from "@/components/ui/input";
import { useT } from "@/lib/i18n/use-t";

import {
  filterProviderChoices,
  providerAddress,
  sameName,
  type ProviderChoice,
} from "../utils/provider-search";

// The English texts (tests read them); the screen shows them from the "samples" catalogue.
/** The app shell's sticky header is at most 116 px tall (spec); a little air below it. */
const STICKY_HEADER_CLEARANCE_PX = 128;

export const PROVIDERS_LOADING_TEXT = "Loading sample providers...";
export const PROVIDERS_NONE_TEXT = "No sample providers found. Enter a new provider name.";
export const PROVIDERS_START_TEXT = "Start typing to search providers or enter a new provider name";
export const providersNoMatchText = (text: string) =>
  `No providers found matching "${text}". You can enter this as a new provider.`;

interface ProviderComboboxProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSelect: (provider: Provider) => void;
  providers: readonly Provider[];
  loading: boolean;
  selectedId: number | null;
  required?: boolean;
}

/** The provider name with its searchable dropdown (an ARIA combobox; the list is 15rem at most). */
export function ProviderCombobox({
  id,
  label,
  value,
  onChange,
  onSelect,
  providers,
  loading,
  selectedId,
  required,
}: ProviderComboboxProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { t } = useT("samples");

  const options = loading ? [] : filterProviderChoices(providers, value);
  const text = value.trim();
  let message: string | null = null;
  if (loading) message = t("samples.provider.loading");
  else if (providers.length === 0) message = t("samples.provider.none");
  else if (text === "") message = t("samples.provider.start");
  else if (options.length === 0) message = t("samples.provider.noMatch", { text });
  const active = open && activeIndex < options.length ? activeIndex : -1;

  const select = ({ provider }: ProviderChoice) => {
    onSelect(provider);
    setOpen(false);
    setActiveIndex(-1);
  };

  return (
    <Field id={id} label={label} required={required}>
      <Combobox
        id={id}
        label={label}
        icon={<Search className="h-4 w-4" />}
        items={options}
        itemKey={(choice) => choice.key}
        isSelected={({ provider }) => provider.id === selectedId && sameName(provider.samplerName, value)}
        renderItem={({ provider, via }) => {
          const address = providerAddress(provider);
          return (
            <>
              <span className="block font-medium">
                {provider.samplerName}
                {via ? (
                  <span className="font-normal text-slate-600">
                    {" "}
                    · {t("samples.provider.via", { name: via })}
                  </span>
                ) : null}
              </span>
              <span className="block text-xs text-slate-600">
                {provider.phoneNumber}
                {address ? ` · ${address}` : ""}
                {via ? "" : ` · ${t("samples.provider.id", { id: provider.id })}`}
              </span>
            </>
          );
        }}
        open={open}
        activeIndex={active}
        setOpen={setOpen}
        setActiveIndex={setActiveIndex}
        onSelect={select}
        message={message}
        openWhenEmpty
        describedBy={describedBy(id)}
        inputProps={{
          maxLength: NAME_MAX,
          className: "scroll-mt-36",
          placeholder: t("samples.provider.placeholder"),
          value,
          onChange: (event) => {
            onChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          },
          onFocus: (event) => {
            setOpen(true);
            // Under the sticky header (a phone scrolled down), the list would open out of sight.
            const input = event.currentTarget;
            if (
              input.getBoundingClientRect().top < STICKY_HEADER_CLEARANCE_PX &&
              typeof input.scrollIntoView === "function"
            )
              input.scrollIntoView({ block: "start" });
          },
          onClick: () => setOpen(true),
          onBlur: () => {
            setOpen(false);
            setActiveIndex(-1);
          },
        }}
      />
    </Field>
  );
}
