import { createContext, useContext, type ReactNode } from "react";

import { cn } from "./cn";

type TableSize = "md" | "sm";

// The cells read their padding from the table, so a screen picks its density once.
const TableSizeContext = createContext<TableSize>("md");

const cellPadding: Record<TableSize, string> = { md: "px-4 py-3", sm: "px-3 py-2" };

export interface TableProps {
  children: ReactNode;
  /**
   * Names the table: a visually hidden caption, and the scrolling frame becomes a focusable region
   * so keyboard users can scroll a table wider than the screen.
   */
  label?: string;
  /** md: roomy rows (ledger, lab queue); sm: dense rows (report results). */
  size?: TableSize;
  /** Classes for the frame around the table (border, shadow, height). */
  className?: string;
  /** Classes for the table itself (e.g. a minimum width before it scrolls). */
  tableClassName?: string;
}

/** A bordered, horizontally scrolling table frame. */
export function Table({ children, label, size = "md", className, tableClassName }: TableProps) {
  return (
    <TableSizeContext.Provider value={size}>
      <div
        role={label ? "region" : undefined}
        aria-label={label}
        tabIndex={label ? 0 : undefined}
        className={cn(
          "overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700",
          className,
        )}
      >
        <table className={cn("min-w-full text-left text-sm", tableClassName)}>
          {label ? <caption className="sr-only">{label}</caption> : null}
          {children}
        </table>
      </div>
    </TableSizeContext.Provider>
  );
}

/** The column headings; give it `<TableRow>` of `<TableHead>`. */
export function TableHeader({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700">{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-200 border-t border-slate-200">{children}</tbody>;
}

export function TableRow({ children, className }: { children: ReactNode; className?: string }) {
  return <tr className={className}>{children}</tr>;
}

/** A column heading (`scope="col"`), or with `row` the heading cell of a body row (`scope="row"`). */
export function TableHead({
  children,
  row = false,
  className,
}: {
  children: ReactNode;
  row?: boolean;
  className?: string;
}) {
  const size = useContext(TableSizeContext);
  return (
    <th scope={row ? "row" : "col"} className={cn(cellPadding[size], className)}>
      {children}
    </th>
  );
}

export function TableCell({ children, className }: { children?: ReactNode; className?: string }) {
  const size = useContext(TableSizeContext);
  return <td className={cn(cellPadding[size], className)}>{children}</td>;
}
