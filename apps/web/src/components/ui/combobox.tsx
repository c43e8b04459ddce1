import { useEffect, type ComponentProps, type ReactNode } from "react";

import { useT } from "@/lib/i18n/use-t";

import { cn } from "./cn";
import { comboboxKeyHandler } from "./combobox-keys";
import { Input } from "./input";

type InputProps = Omit<
  ComponentProps<typeof Input>,
  | "id"
  | "type"
  | "role"
  | "aria-autocomplete"
  | "aria-expanded"
  | "aria-controls"
  | "aria-activedescendant"
  | "onKeyDown"
>;

export interface ComboboxProps<T> {
  /** The input's id; the list and its options are named after it. */
  id: string;
  /** The field's label: the list is "<label> suggestions". */
  label: string;
  /** Decorative icon at the input's start (h-4 w-4). */
  icon: ReactNode;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** aria-selected of an option (by default: the active one). */
  isSelected?: (item: T, index: number) => boolean;
  /** Whether the list shows (the caller decides, e.g. only with suggestions). */
  open: boolean;
  /** The active option's index, or -1. */
  activeIndex: number;
  setOpen: (open: boolean) => void;
  setActiveIndex: (index: number) => void;
  onSelect: (item: T) => void;
  /** A line above the options (loading, no match); it describes the input while the list is open. */
  message?: string | null;
  /** Whether the arrows open the list while it has no options (to show the message). */
  openWhenEmpty?: boolean;
  /** aria-describedby of the input while no message is shown. */
  describedBy?: string;
  inputProps: InputProps;
}

/**
 * An ARIA combobox (editable input with a list of suggestions): the input, a popup with an optional
 * status line and the listbox. Focus stays in the input; the arrows, Enter and Escape come from
 * combobox-keys.
 */
export function Combobox<T>({
  id,
  label,
  icon,
  items,
  itemKey,
  renderItem,
  isSelected,
  open,
  activeIndex,
  setOpen,
  setActiveIndex,
  onSelect,
  message,
  openWhenEmpty = false,
  describedBy,
  inputProps,
}: ComboboxProps<T>) {
  const { t } = useT();
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    const option = document.getElementById(`${id}-option-${activeIndex}`);
    if (option && typeof option.scrollIntoView === "function") option.scrollIntoView({ block: "nearest" });
  }, [activeIndex, id]);

  const onKeyDown = comboboxKeyHandler({
    items,
    open,
    activeIndex,
    setOpen,
    setActiveIndex,
    onSelect,
    openWhenEmpty,
  });

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 flex -translate-y-1/2 text-slate-500"
      >
        {icon}
      </span>
      <Input
        autoComplete="off"
        {...inputProps}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={open && message ? statusId : describedBy}
        className={cn("pl-9", inputProps.className)}
        onKeyDown={onKeyDown}
      />
      <div
        hidden={!open}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
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
          aria-label={t("common.combobox.suggestions", { label })}
          hidden={items.length === 0}
          // The listbox itself scrolls: keyboard users move through it from the input (arrow keys
          // and aria-activedescendant), which assistive technology expects of a combobox popup.
          className="max-h-60 overflow-y-auto py-1"
        >
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected ? isSelected(item, index) : index === activeIndex}
              // Keeps the focus in the input, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onSelect(item)}
              className={cn(
                "min-h-11 cursor-pointer px-3 py-2 text-sm break-words",
                index === activeIndex ? "bg-teal-50 text-teal-900" : "text-slate-800 hover:bg-slate-50",
              )}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
