import { Search } from "lucide-react";
import { useEffect, useState } from "react";

import { NAME_MAX, type Provider } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { comboboxKeyHandler } from "@/components/ui/combobox-keys";
import { Field, Input, describedBy } from "@/components/ui/input";

import {
  filterProviderChoices,
  providerAddress,
  sameName,
  type ProviderChoice,
} from "../utils/provider-search";

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
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const options = loading ? [] : filterProviderChoices(providers, value);
  const text = value.trim();
  let message: string | null = null;
  if (loading) message = PROVIDERS_LOADING_TEXT;
  else if (providers.length === 0) message = PROVIDERS_NONE_TEXT;
  else if (text === "") message = PROVIDERS_START_TEXT;
  else if (options.length === 0) message = providersNoMatchText(text);
  const active = open && activeIndex < options.length ? activeIndex : -1;

  useEffect(() => {
    if (active < 0) return;
    const option = document.getElementById(`${id}-option-${active}`);
    if (option && typeof option.scrollIntoView === "function") option.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const select = ({ provider }: ProviderChoice) => {
    onSelect(provider);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = comboboxKeyHandler({
    items: options,
    open: open,
    activeIndex: active,
    setOpen,
    setActiveIndex,
    onSelect: select,
    openWhenEmpty: true,
  });

  return (
    <Field id={id} label={label} required={required}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-describedby={open && message ? statusId : describedBy(id)}
          autoComplete="off"
          maxLength={NAME_MAX}
          className="scroll-mt-36 pl-9"
          placeholder="Search or enter a provider name"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            setOpen(true);
            // Under the sticky header (a phone scrolled down), the list would open out of sight.
            const input = event.currentTarget;
            if (
              input.getBoundingClientRect().top < STICKY_HEADER_CLEARANCE_PX &&
              typeof input.scrollIntoView === "function"
            )
              input.scrollIntoView({ block: "start" });
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
          }}
        />
        <div
          hidden={!open}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg"
          data-testid={`${id}-dropdown`}
        >
          {message ? (
            <p id={statusId} role="status" className="px-3 py-2 text-sm text-slate-700">
              {message}
            </p>
          ) : null}
          <ul
            id={listboxId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={options.length === 0}
            className="py-1"
          >
            {options.map((choice, index) => {
              const { key, provider, via } = choice;
              const address = providerAddress(provider);
              return (
                <li
                  key={key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={provider.id === selectedId && sameName(provider.samplerName, value)}
                  // Keeps the focus in the input, so the blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => select(choice)}
                  className={cn(
                    "min-h-11 cursor-pointer px-3 py-2 text-sm break-words",
                    index === active ? "bg-teal-50 text-teal-900" : "text-slate-800 hover:bg-slate-50",
                  )}
                >
                  <span className="block font-medium">
                    {provider.samplerName}
                    {via ? <span className="font-normal text-slate-600"> · via {via}</span> : null}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {provider.phoneNumber}
                    {address ? ` · ${address}` : ""}
                    {via ? "" : ` · ID ${provider.id}`}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </Field>
  );
}
