import type { NoticePreferencesView } from "@lab/contracts";

import type { PreferencesView } from "../domain/notifications/preferences";
import { displayPhone } from "../lib/phone";

/** GET/PUT /notice-preferences: the choices, the number as people write it, the address, the language. */
export function presentNoticePreferences(view: PreferencesView): NoticePreferencesView {
  return {
    channels: view.channels,
    smsFallback: view.smsFallback,
    phone: view.phoneNumber === null ? null : displayPhone(view.phoneNumber),
    email: view.email,
    language: view.language,
  };
}
