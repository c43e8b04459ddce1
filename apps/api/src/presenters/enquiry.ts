import type { ContactEnquiry, EnquiryListResponse } from "@lab/contracts";
import type { ContactEnquiryRow } from "@lab/db";

import { displayPhone } from "../lib/phone";

export function presentEnquiry(row: ContactEnquiryRow): ContactEnquiry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone ? displayPhone(row.phone) : "",
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

export function presentEnquiryPage(page: {
  rows: ContactEnquiryRow[];
  nextCursor: string | null;
}): EnquiryListResponse {
  return { items: page.rows.map(presentEnquiry), nextCursor: page.nextCursor };
}
