// The spec's error catalogue (section 8) and the server's own messages, in one place so the API and
// the web app say the same thing.
export const messages = {
  authRequired: "Authentication required",
  forbidden: "You do not have access to this resource",
  notFound: "Not found",
  malformedJson: "Malformed JSON in request body",
  bodyTooLarge: "Request body is too large",
  serverError: "Server error. Please try again later.",
  tooManyRequests: "Too many requests. Please try again later.",
  textInvalid:
    "This text contains a character that cannot be stored (a NUL character or half of an emoji). Please remove it and try again.",
  idOutOfRange: "Ids are whole numbers from 1 to 2147483647",
  cursorInvalid: "This list cursor is not valid. Reload the list and try again.",
  databaseRefused: "The request has a value that cannot be stored. Please check your input.",

  invalidCredentials: "Invalid email or password",
  emailNotVerified: "Please verify your email address before signing in.",
  loginFailedDefault: "Login failed. Please check your credentials and try again.",
  serviceTemporarilyUnavailable: "Service temporarily unavailable. Please try again later.",
  serviceUnavailable: "Service unavailable. Please try again later.",
  requestTimeout: "Request timeout. Please try again later.",
  offline: "No internet connection. Please check your connection and try again.",
  networkError: "Network error. Please try again later.",

  registrationInvalid: "Invalid input or email already exists",
  emailAlreadyExists: "An account with this email already exists",
  registrationFailed: "Registration failed. Please try again.",
  registrationSuccess: "Registration successful! Please login with your credentials.",
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailValidationFailed: "Email validation failed: Invalid email address",
  invalidEmailFormat: "Invalid email format",
  emailNotValid: "Email address is not valid",
  emailVerifiedOk: "Email address verified successfully",
  passwordWeak: "Password does not meet the required criteria. Please check the requirements below.",

  profileInvalid: "Invalid input data",
  customerNotFound: "Customer not found",
  profileInvalidFormat: "Invalid request format. Please check your input.",
  profileNotFound: "User profile not found",
  profileLoadFailed: "Failed to load profile.",
  profileUpdated: "Profile updated successfully!",
  dataUpdatedLocally: "Data updated successfully!",

  invalidEmailAddress: "Invalid email address",
  sendTooSoon: "Too many requests. Please wait before requesting another code.",
  sendFailed: "Failed to send verification email. Please try again.",
  codeSent: "Verification code sent to your email.",
  alreadyVerified: "Email is already verified.",
  invalidCode: "Invalid verification code",
  codeNotFound: "Verification code not found or expired",
  tooManyAttempts: "Too many verification attempts. Please request a new code.",
  codeExpiredUi: "Verification code has expired. Please request a new one.",
  invalidCodeUi: "Invalid verification code. Please try again.",
  verifyFailedUi: "Verification failed. Please try again.",
  emptyCode: "Please enter the verification code.",
  maxAttemptsUi: "Maximum verification attempts reached. Please request a new code.",
  verifiedOk: "Email verified successfully! You can now login with your credentials.",

  forgotPasswordSent:
    "If an account exists for this email, we have sent a code to reset its password. It expires in 5 minutes.",
  passwordResetOk: "Your password has been reset. Please sign in with your new password.",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is not correct.",
  newPasswordSameAsOld: "Choose a new password that differs from your current one.",
  signedOutEverywhere: "You have been signed out of all devices.",
  signedOut: "You have been signed out.",
  sessionEnded: "Your session has ended. Please sign in again.",

  providerNameRequired: "Sample provider name is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  altPhoneInvalid: "Please enter a valid alternative phone number",
  userTypeInvalid: "User type must be Farmer or Agent",
  coordinatesInvalid:
    "Coordinates must be a latitude between -90 and 90 and a longitude between -180 and 180",
  locationInvalid: "Please select a valid location with coordinates.",
  farmersOnlyForAgents: "Only an Agent can have farmers",
  farmerNameRequired: "Farmer name is required",
  farmerPhoneRequired: "Farmer phone number is required",
  providerNotFound: "Sample Provider not found",
  providerAddFailed: "Failed to add sample provider",
  providerUpdateFailed: "Failed to update sample provider",
  providerDeleteFailed: "Failed to delete sample provider",
  providerDeleteServerError: "Server error occurred while deleting sample provider",
  providersLoadFailed: "Failed to load sample providers",
  providerAdded: "Sample Provider added successfully!",
  providerUpdated: "Sample Provider updated successfully!",
  providerDeleted: "Sample Provider deleted successfully!",
  placesQueryRequired: "Type at least 2 characters to search places",
  locationOutsideIndia: "Your location is outside India. Search a town or village in India instead.",
  locationDenied:
    "Location access was refused. Allow it in your browser's site settings, or search a town or village.",
  locationUnavailable: "Your location could not be found. Search a town or village instead.",
  locationUnsupported: "This browser cannot share its location. Search a town or village instead.",
  nearestPlaceNone: "No known place lies near these coordinates.",
  highlightInvalid: "The sample to show must be a sample number from 1 to 2147483647",

  sampleProviderNameRequired: "Please enter the sample provider name.",
  samplePhoneRequired: "Please enter the phone number.",
  sampleTestTypesRequired: "Please select at least one test type for your sample.",
  sampleLocationInvalid: "Please select a valid location with coordinates.",
  sampleCoordinatesRequired: "Please select a location with valid coordinates.",
  sampleCategoryRequired: "Please select a shrimp category.",
  sampleTestTypeNotInCategory: "The selected test types do not belong to the selected shrimp category.",
  sampleInvalid: "Invalid input data. Please check all fields.",
  sampleSubmitFailed: "Failed to submit sample",
  sampleNotFound: "Sample not found",
  samplesFetchFailed: "Failed to fetch sample data",
  samplesLoadFailed: "Failed to load samples",
  dateInvalid: "Dates must be written as YYYY-MM-DD",
  dateRangeInvalid: "The From date must not be after the To date",
  pageInvalid: "Page must be a whole number from 1",
  pageSizeInvalid: "Page size must be a whole number from 1 to 100",
  sortInvalid: "Unknown sort order",
  statusFilterInvalid: "Unknown status filter",
  emailInvalidOptional: "Invalid email format",

  staffOnly: "This call is for laboratory staff",
  staffNotFound: "No staff account with this email",
  agentNameRequired: "Agent name is required",
  agentRequired: "Choose an agent",
  agentNotFound: "Agent not found",
  agentInactive: "This agent is not active",
  reportTestsRequired: "Enter a result for each requested test type",
  reportTestTypesMismatch: "Enter exactly one result for each requested test type",
  reportValueRequired: "Enter the measured value",
  reportVerdictInvalid: "The verdict must be pass or fail",
  reportNotFound: "Report not found",
  reportNotFoundUi: "The requested report could not be found.",
  reportAlreadyRevoked: "This report is already revoked",
  revokeReasonRequired: "Give the reason for revoking",
  revokeReasonUnknown: "Choose the reason for revoking from the list",
  revokeRoleRequired: "Only a reviewer or an admin can revoke a report",
  revocationAlreadyRequested: "A revocation of this report is already waiting for a second person",
  revocationSamePerson: "You asked for this revocation: a different reviewer or admin must confirm it",
  revocationRequestNotFound: "Revocation request not found",
  revocationRequestClosed: "This revocation request was already confirmed or cancelled",
  labSettingsInvalid: "Say whether one person may revoke a report alone (true or false)",
  certificateNotFound: "No certificate with this number was issued by the laboratory",
  checkCodeInvalid: "The check code is the 16 letters (A–F) and digits printed under the certificate number",
  certificateSha256Invalid: "A file's SHA-256 is 64 hexadecimal characters",
  testingEtaRequired: "Give the testing ETA",

  notificationNotFound: "Notification not found",
  connectionLost: "Connection Lost: Unable to maintain real-time connection. Please refresh the page.",
  serverMaintenance:
    "Server Maintenance: Server is shutting down. Connection will be restored automatically.",
  noNotifications: "No notifications yet",

  ledgerSelectSample: "Please select at least one sample",
  ledgerNoEmails: "No email addresses found for selected samples",
  ledgerSendFailed: "Failed to send emails",
  ledgerMessageRequired: "Please enter a message",
  ledgerTooManySamples: "Select at most 500 samples at a time",
  ledgerMessageTooLong: "The message can be at most 2000 characters",
  ledgerAllOptedOut: "Every address of the selected samples has unsubscribed from shared reports",
  ledgerQuotaExceeded:
    "You have reached today's limit of 200 recipients for shared reports. Please try again tomorrow.",
  exportSuccess: "Export completed successfully",
  ledgerSentOnYourBehalf:
    "AquaTest Laboratory sends its standard message with the reports: it lists the samples and gives your name and your account's e-mail address. Recipients can reply to you by e-mail.",
  unsubscribeLinkInvalid:
    "This unsubscribe link is not valid. Please use the link from the e-mail you received.",
  unsubscribeConfirm: "Stop receiving sample reports shared through the AquaTest Laboratory portal?",
  unsubscribeDone:
    "You are unsubscribed. You will receive no more sample reports shared through the AquaTest Laboratory portal.",
  unsubscribeFailed: "Could not unsubscribe. Please try again later.",

  enquiryFirstNameRequired: "Please enter your first name.",
  enquiryFirstNameTooLong: "Your first name can be at most 80 characters.",
  enquiryLastNameTooLong: "Your last name can be at most 80 characters.",
  enquiryEmailRequired: "Please enter your e-mail address.",
  enquiryMessageRequired: "Please enter your message.",
  enquiryMessageTooLong: "Your message can be at most 2000 characters.",
  enquiryReceived:
    "Thank you for your message. We have sent a confirmation to your e-mail address and will reply within one business day.",
  enquirySendFailed: "Your message could not be sent. Please try again.",
  enquiryNotFound: "Enquiry not found",
  newsletterCheckInbox: "Thank you! Check your inbox and open the link we sent to confirm your subscription.",
  newsletterConfirmed: "Your subscription is confirmed. You will receive our newsletter once a month.",
  newsletterUnsubscribed:
    "You are unsubscribed. You will receive no more newsletters from AquaTest Laboratory.",
  newsletterLinkInvalid:
    "This newsletter link is not valid or has been replaced by a newer one. Please use the link from the latest e-mail, or subscribe again.",
  newsletterSubscribeFailed: "Could not subscribe. Please try again later.",

  noUserLoggedIn: "No user logged in.",
  userNotAuthenticated: "User not authenticated",

  idempotencyKeyInvalid:
    "The Idempotency-Key header must be 1 to 200 printable ASCII characters (letters, digits, punctuation or spaces).",
  idempotencyKeyReused:
    "This Idempotency-Key was already used with different values. Send a new key for a different request.",

  /** A `language` that is not one of the portal's languages (contracts languages.ts). */
  languageInvalid: "Choose one of the portal's languages.",
} as const;

/** Stable, machine-readable error codes sent beside each message. */
export const errorCodes = [
  "validation_failed",
  "malformed_json",
  "body_too_large",
  "unauthenticated",
  "forbidden",
  "not_found",
  "customer_not_found",
  "email_taken",
  "email_invalid",
  "weak_password",
  "invalid_credentials",
  "email_not_verified",
  "rate_limited",
  "resend_too_soon",
  "code_invalid",
  "code_not_found",
  "too_many_attempts",
  "conflict",
  "internal",
  "text_invalid",
  "current_password_required",
  "current_password_invalid",
  "service_unavailable",
  "quota_exceeded",
  "idempotency_key_invalid",
  "idempotency_key_reused",
  // Certified results (docs/certified-results.md).
  "same_person",
  "role_required",
  "staff_deactivated",
  "results_incomplete",
  "confirmation_pending",
  "nothing_to_release",
  "spec_version_used",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const httpErrorMessage = (status: number): string => `HTTP error! status: ${status}`;

/** A message of the catalogue by its name (`invalidCredentials`). */
export type MessageName = {
  [K in keyof typeof messages]: (typeof messages)[K] extends string ? K : never;
}[keyof typeof messages];

const messageNameByText = new Map<string, MessageName>(
  Object.entries(messages).flatMap(([name, text]) =>
    typeof text === "string" ? [[text, name as MessageName] as const] : [],
  ),
);

/** The name of one of the catalogue's English messages, if the text is one. */
export const messageNameOf = (text: string): MessageName | undefined => messageNameByText.get(text);

/**
 * Every message has its own stable code, the snake_case of its name
 * (`invalidCredentials` → `invalid_credentials`), sent as `messageCode` beside the error class `code`
 * so a client can show the message in its reader's language.
 */
export const messageCodeOf = (text: string): string | undefined => {
  const name = messageNameOf(text);
  return name === undefined ? undefined : name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
};

/** The message name of a `messageCode`. */
export const messageNameOfCode = (code: string): MessageName | undefined => {
  const name = code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return Object.hasOwn(messages, name) && typeof messages[name as keyof typeof messages] === "string"
    ? (name as MessageName)
    : undefined;
};
