import type { MailUnsubscribeResponse } from "@lab/contracts";

/** POST /mail/unsubscribe: the address no longer receives shared reports. */
export const presentUnsubscribed = (email: string): MailUnsubscribeResponse => ({
  email,
  unsubscribed: true,
});
