import type { KeyboardEvent } from "react";

interface ComboboxKeys<T> {
  items: readonly T[];
  open: boolean;
  activeIndex: number;
  setOpen: (open: boolean) => void;
  setActiveIndex: (index: number) => void;
  onSelect: (item: T) => void;
  /** Whether the arrows open the list even while it has no options (it may show an empty state). */
  openWhenEmpty?: boolean;
}

/** The ARIA combobox keys: arrows move through the options (wrapping), Enter picks, Escape closes. */
export function comboboxKeyHandler<T>({
  items,
  open,
  activeIndex,
  setOpen,
  setActiveIndex,
  onSelect,
  openWhenEmpty = false,
}: ComboboxKeys<T>) {
  return (event: KeyboardEvent<HTMLInputElement>): void => {
    const count = items.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0 && !openWhenEmpty) return;
        event.preventDefault();
        setOpen(true);
        if (count === 0) return;
        const down = event.key === "ArrowDown";
        const next = down ? (activeIndex + 1) % count : activeIndex <= 0 ? count - 1 : activeIndex - 1;
        setActiveIndex(open ? next : down ? 0 : count - 1);
        return;
      }
      case "Enter": {
        const item = activeIndex >= 0 ? items[activeIndex] : undefined;
        if (item === undefined) return;
        event.preventDefault();
        onSelect(item);
        return;
      }
      case "Escape":
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActiveIndex(-1);
        return;
      default:
    }
  };
}
