// The sign-in forms' error text (customer and lab staff share it). The spec's texts come from
// api-client's copy, so /login does not carry contracts' whole message object.
import { isApiError, isOffline, specTexts as messages } from "@/lib/api-client";

/** Login: status mapping, offline, then the error message or the network text (docs/product-rules.md). */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : messages.loginFailedDefault;
  }
  switch (error.status) {
    case 0:
      return isOffline() ? messages.offline : messages.networkError;
    case 401:
      return messages.invalidCredentials;
    case 500:
      return messages.serverError;
    case 502:
      return messages.serviceTemporarilyUnavailable;
    case 503:
      return messages.serviceUnavailable;
    case 504:
      return messages.requestTimeout;
    default:
      return error.message || messages.networkError;
  }
}
