import type { LanguageCode } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getLabSession, labSessionStore } from "@/lib/lab-session";

/**
 * PUT /lab/me `{ language }`: the staff member's console language, saved in their account so it
 * follows them to every device. The stored session keeps the choice too (a reload reads it).
 */
export async function updateMyLanguage(language: LanguageCode): Promise<void> {
  await apiRequest<unknown>("/lab/me", { auth: "staff", method: "PUT", body: { language } });
  const session = getLabSession();
  if (session) labSessionStore.updateUser({ ...session.staff, language });
}
