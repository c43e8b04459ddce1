import type { NewsletterStateResponse } from "@lab/contracts";

/** POST /newsletter/confirm and /unsubscribe: the address's state now. */
export function presentNewsletterState(state: NewsletterStateResponse): NewsletterStateResponse {
  return { email: state.email, status: state.status, message: state.message };
}
