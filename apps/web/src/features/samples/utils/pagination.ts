/** At most `size` page numbers around the current page (spec section 2: 5 page buttons). */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export const totalPagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
