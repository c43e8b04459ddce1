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
  cannotMove: "Cannot move sample from {from} to {to}",

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
  screeningValidDaysInvalid: "A pre-harvest screening stays valid for a whole number of days from 1 to 90",
  labSettingsEmpty:
    "Send the setting to change: onePersonRevocation (true or false) or screeningValidDays (1 to 90)",
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

  httpError: "HTTP error! status: {status}",
  tooLong: "{label} must be {max} characters or fewer.",
  tooMany: "Choose at most {max} {things}.",

  // Certified results (docs/certified-results.md).
  marketInvalid: "Choose markets from the list (EU, US, JP, CN, IN or your buyer's specification)",
  marketUnknown: "Unknown market",
  resultsRequired: "Enter at least one result",
  parameterUnknown: "This parameter is not part of the sample's panel",
  resultValueOrQualifier: "Enter a value or a qualifier for each result",
  resultValueInvalid: "The value must be a number of zero or more in the parameter's unit",
  resultQualifierInvalid: "This qualifier does not apply to the parameter",
  resultDuplicate: "Enter each parameter once",
  resultsNotTesting:
    "Results can be entered only while the sample is under test, or after its report was revoked",
  resultsIncomplete: "Every parameter needs a result before release",
  confirmationPending: "A screening result needs its confirmatory test before release",
  samePerson: "You entered results for this sample; a different staff member must review and release them",
  roleRequired: "This needs the {role} role",
  nothingToRelease: "There are no results awaiting review for this sample",
  returnNoteRequired: "Say what the analyst should check",
  staffDeactivated: "This staff account is deactivated",
  staffEmailTaken: "A staff account with this email already exists",
  staffRolesRequired: "Choose at least one role",
  cannotDeactivateSelf: "You cannot deactivate your own account",
  lastAdmin: "The lab needs at least one active admin",
  specVersionUsed: "This version has judged a report and cannot change; add a new version",
  limitInvalid: "Each limit needs a kind and the values that kind takes",
  trendParameterRequired: "Choose a parameter",
  trendSubjectRequired: "Choose one provider, pond or crop for the trend",
  resultValueOutOfRangeWhole: "{parameter}: enter a whole number from {min} to {max}",
  resultValueOutOfRangeOneDecimal:
    "{parameter}: enter a number from {min} to {max}, with at most 1 decimal place",
  resultValueOutOfRange:
    "{parameter}: enter a number from {min} to {max}, with at most {decimals} decimal places",
  staffSignatureRequired: "A staff member must sign results",
  staffMemberNotFound: "Staff member not found",
  staffRolesInvalid: "Roles are analyst, reviewer or admin",
  staffEmailInvalid: "Enter a valid email address",
  staffNameRequired: "Enter the staff member's name",
  staffPasswordShort: "Use at least 8 characters",

  // The lab's catalogue of parameters, markets and specification versions.
  parameterCodeInvalid: "Use capitals, digits, _ or - (32 at most)",
  parameterNameRequired: "Enter the parameter's name",
  parameterKindInvalid: "Kind must be quantitative, qualitative or graded",
  parameterMethodRequired: "Enter the method",
  parameterNotFound: "Parameter not found",
  parameterExists: "Parameter {code} already exists",
  parameterCodeFixed: "A parameter's code cannot change",
  parameterCodeUnknown: "Unknown parameter {code}",
  confirmWithRequired: "A screening method needs its confirmatory parameter",
  confirmWithSelf: "A screening parameter cannot confirm itself",
  confirmWithNotConfirmatory: "The confirming parameter must use a confirmatory method",
  confirmerStaysConfirmatory: "{code} confirms {screening}: it must stay confirmatory",
  cutoffOnlyScreening: "Only a screening method has a cut-off and a confirmatory parameter",
  gradesOnlyGraded: "Only a graded parameter has grades",
  gradesDuplicate: "Name each grade once",
  per25gOnlyQualitative: "Only a qualitative parameter is judged per 25 g",
  lodAboveLoq: "The LOD cannot be above the LOQ",
  prohibitedReferenceRequired: "A prohibited substance needs the rule that bans it",
  testTypeUnknown: "Unknown test type",
  marketNotFound: "Market not found",
  marketExists: "Market {code} already exists",
  specVersionNotFound: "Specification version not found",
  limitDuplicate: "{parameter} has more than one limit",
  limitGradeUnknown: "{parameter} has no grade {grade}",
  limitMinAboveMax: "The minimum cannot be above the maximum",
  limitReferenceRequired: "Each limit needs its legal reference",
  limitEffectiveFromInvalid: "Give the date the limit took effect (YYYY-MM-DD)",
  versionEffectiveFromInvalid: "Give the date the version takes effect (YYYY-MM-DD)",
  versionReferenceRequired: "Give the version's legal reference",
  marketNameRequired: "Enter the market's name",
  catalogueEntryInvalid: "Check the catalogue entry",
  analysisFilterInvalid: "analysis must be one of {states}",
  searchTextTooLong: "Search text is too long",
  searchTextInvalid: "Invalid search text",
  timeZoneInvalid: "Please choose a valid time zone.",
  exportTooLarge:
    "A PDF export holds at most {max} samples and this selection has {total}. Please choose a shorter period or a status.",

  // Organisations: members, roles, invitations.
  organisationNotFound: "Organisation not found",
  organisationNameRequired: "Enter the organisation's name",
  organisationAdminRequired: "Only an administrator of your organisation can do this",
  memberRoleForbidden: "Your role in your organisation does not allow this",
  memberNotFound: "Member not found",
  memberRoleInvalid: "Role must be admin, full, results or billing",
  memberScopeInvalid: "Scope must be own or all",
  memberChangeRequired: "Choose a new role or scope",
  lastOrganisationAdmin:
    "Your organisation needs at least one admin: make another member admin before this change",
  gstinInvalid: "Enter a valid 15-character GSTIN, for example 37AAPFU0939F1ZU",
  gstinStateMismatch: "The GSTIN's first two digits must be the code of the organisation's state",
  stateInvalid: "Choose a state or union territory",
  invitationNotFound: "Invitation not found",
  invitationInvalid:
    "This invitation link is not valid, was already used or has expired. Ask your organisation's administrator for a new one.",
  invitationPending: "An invitation to {email} is already waiting. Re-send it instead.",
  alreadyMember: "{email} is already a member of your organisation",
  invitationEmailTaken:
    "{email} already has an account. One person belongs to one organisation: ask to be removed from the other organisation first, or use another address.",
  // Shares: a farm or a harvest lot shown to another organisation, with consent and an expiry.
  shareNotFound: "Share not found",
  shareInvalid: "Send the share as farmId or lotCode, granteeEmail or granteeOrganisationId, and expiresAt",
  shareTargetRequired: "Choose one farm or one harvest lot to share, not both",
  shareLotCodeInvalid: "Give the harvest lot's code: the 10 letters and digits on its lot card",
  shareGranteeRequired:
    "Name the organisation to share with: the e-mail address of one of its members, or its number",
  shareExpiryInvalid: "Give the share's last day as a date (YYYY-MM-DD), or an exact ISO date and time",
  shareExpiryPast: "The share must end in the future",
  shareExpiryTooFar: "A share lasts at most a year: choose an earlier last day",
  granteeUnknown: "No organisation in the portal has a member with this e-mail address, or this number",
  shareWithSelf: "Your own organisation already sees its farms: choose another organisation",
  shareExists: "This is already shared with that organisation: revoke that share first to change it",
  // Farms, ponds, crops and harvest lots.
  farmNotFound: "Farm not found",
  pondNotFound: "Pond not found",
  cropNotFound: "Crop not found",
  lotNotFound: "Harvest lot not found",
  farmNameRequired: "Enter the farm's name",
  areaInvalid: "The area must be a number of hectares above 0 and at most 100000",
  boundaryInvalid: "A boundary is 3 to 500 points, each a longitude and a latitude",
  pondCodeInvalid: "A pond code is 1 to 20 letters, digits, spaces, - or /",
  pondCodeTaken: "This farm already has a pond with this code",
  cropSpeciesInvalid: "Choose the species from the list",
  stockedOnRequired: "Give the stocking date (YYYY-MM-DD)",
  densityInvalid:
    "The stocking density must be a whole number of post-larvae per square metre, from 1 to 10000",
  treatmentsRequired:
    "Declare that the crop had no antimicrobial or chemical treatment, or list each treatment it had",
  treatmentInvalid:
    "Each treatment needs its substance, dose, and from and to dates (YYYY-MM-DD), from not after to",
  harvestBeforeStocking: "The harvest date cannot be before the stocking date",
  pondHasOpenCrop: "This pond already has a crop that is not harvested: record its harvest first",
  expectedOnRequired: "Give the expected harvest date (YYYY-MM-DD)",
  quantityInvalid: "The quantity must be a number of kilograms above 0 and at most 10000000",
  countPerKgInvalid: "The count per kg must be a whole number from 1 to 10000",
  buyerUnknown: "No organisation in the portal has a member with this e-mail address",
  buyerIsSelf:
    "Your own organisation cannot be this lot's buyer: give a member's e-mail of the buying organisation",
  farmInUse: "Samples name this farm's ponds, crops or lots, so the farm cannot be deleted",
  pondInUse: "Samples name this pond, its crops or its lots, so the pond cannot be deleted",
  lotCodesInvalid: "Send 1 to 200 lot codes",
  samplePurposeInvalid:
    "Purpose must be monitoring, diagnosis, pre_harvest, raw_material or finished_product",
  sampleLinkUnknown: "The pond, crop or lot was not found among your organisation's farms",
  sampleLinkMismatch: "The crop must be of the chosen pond, and the lot of the chosen crop",
  preHarvestLotRequired: "A pre-harvest screening sample must name its harvest lot",
  farmInvalid: "Send the farm's details as its fields: name, registrations, area, place and location",
  pondInvalid: "Send the pond's details as its fields: code, area and location",
  cropInvalid:
    "Send the crop's details as its fields: species, stocking date, density, hatchery, feed and treatments",
  lotInvalid:
    "Send the harvest lot's details as its fields: dates, quantity, count per kg, buyer, markets and PHT certificate",
  lotCodeInvalid: "A lot code is the 10 letters and digits printed on the lot card",
  harvestedOnRequired: "Give the harvest date (YYYY-MM-DD)",

  // Field collection, custody and reception.
  passwordRequired: "Password is required",
  agentSignInFailed: "Invalid phone number or password",
  agentInvitationInvalid: "This invitation link is not valid or has expired. Ask the lab for a new one.",
  agentPhoneTaken: "Another agent already signs in with this phone number",
  collectionInvalid:
    "Send the collection as its fields: sample, times, position, seals, containers, quantity, temperatures, cold chain, farmer's name and photos",
  collectionKeyRequired:
    "Send an Idempotency-Key header with each collection, so that a retry is not counted twice",
  collectedAtInvalid: "Give the time as an ISO 8601 instant, such as 2026-11-28T09:30:00+05:30",
  collectedAtInFuture: "The collection time is later than now. Check the phone's clock and date.",
  collectedAtTooEarly:
    "The collection time is before the sample was submitted. Check the phone's clock and date.",
  clockSkewTooLarge:
    "The phone's clock is more than 7 days off. Set the phone's date and time, then send again.",
  positionRequired: "A GPS position is required: turn on location and wait for a fix",
  accuracyInvalid: "The GPS accuracy must be a number of metres from 0 to 10000",
  distanceReasonRequired:
    "You are {distance} m from the pond, more than the lab's {radius} m: say why the sample was taken here",
  sealsRequired: "Give at least one seal number",
  sealInvalid: "A seal number is 1 to 40 characters",
  containersInvalid: "The number of containers must be a whole number from 1 to 20",
  sampleQuantityInvalid: "The sample quantity must be a number above 0 (a count of animals, or grams)",
  temperatureInvalid: "A temperature must be a number of degrees Celsius from -30 to 60",
  coldChainInvalid: "Say how the sample is kept cold: ice, cold_box or ambient",
  handOverNameRequired: "The farmer's name is required to confirm the hand-over",
  photoInvalid: "Each photo must be a JPEG, PNG or WebP image",
  photoTooLarge: "Each photo must be at most 200 KB",
  photosTooMany: "At most 4 photos",
  labelCodeInvalid: "A label code is the 12 letters and digits under the label's QR code",
  labelUnknown: "No label has this code",
  labelInUse: "This label is already on another sample's container",
  sampleNotCollectable: "This sample is not waiting for your collection",
  sampleAlreadyCollected: "This sample's collection has already been recorded",
  collectionKeyReused: "This Idempotency-Key was used for a different collection",
  receptionInvalid:
    "Send reception's decision: accept, reject or consent, with reasons for reject and consent",
  receptionDecisionInvalid: "The decision must be accept, reject or consent",
  rejectionReasonInvalid:
    "Reasons must come from the list: seal_broken, temperature_out_of_range, insufficient_quantity, container_leaking, label_mismatch, holding_time_exceeded, other",
  rejectionReasonRequired: "Choose at least one reason",
  rejectionNoteRequired: "Describe the reason when it is Other",
  sampleAlreadyReceived: "This sample has already been received",
  sampleNotAtReception: "This sample has not been collected yet, so it cannot be received",
  sampleNotRejected: "This sample was not rejected, so it has no rejection notice",
  labelFormatInvalid: "The label format must be thermal or a4",
  labelCountInvalid: "The number of labels must be a whole number from 1 to 100",
  consentNoteRequired: "Record the customer's consent: who gave it, when and how",
  collectionRadiusInvalid: "The collection radius must be a whole number of metres from 10 to 50000",
  jobNotFound: "Job not found",

  // Notice preferences: which channels carry each kind of notice.
  noticePreferencesInvalid:
    "Choose the channels for every kind of notice, and whether SMS may stand in for WhatsApp.",
  noticeKindUnknown: "Unknown kind of notice.",
  noticeChannelInvalid: "Choose e-mail, SMS or WhatsApp.",
  noticeChannelTwice: "Choose each channel once.",
  smsFallbackInvalid: "Say whether SMS may stand in for WhatsApp.",
  noticePhoneMissing: "Add a mobile number to your profile to get notices by SMS or WhatsApp.",
  noticeEmailMissing: "Add an e-mail address to your profile to get notices by e-mail.",

  // The courier hand-off and the customer's notes for the collector.
  handoverInvalid:
    "Send the hand-over as its fields: courier, reference, times, seal intact, temperature and position",
  courierRequired: "Say who takes the sample: the courier's or the person's name",
  courierTooLong: "The courier's name must be 80 characters or fewer",
  courierReferenceTooLong: "The reference must be 40 characters or fewer",
  sealIntactRequired: "Say whether the seal is intact (true or false)",
  handedAtInFuture: "The hand-over time is later than now. Check the phone's clock and date.",
  handedAtBeforeCollection:
    "The hand-over time is before the sample was collected. Check the phone's clock and date.",
  sampleNotYetCollected: "Send this sample's collection before handing it over.",
  sampleNoLongerWithYou: "This sample is no longer with you.",
  sampleAlreadyHandedOver: "You have already handed this sample over.",
  collectorNotesTooLong: "Notes for the sample collector must be 500 characters or fewer",

  // Mobile numbers as identity: one-time codes by SMS.
  mobileNumberRequired: "Enter a mobile number.",
  mobileNumberInvalid: "Enter a valid mobile number.",
  phoneOnlyIndian: "Only Indian mobile numbers can be used.",
  phoneCodeRequired: "Enter the 6-digit code.",
  phoneCodePurposeInvalid: "Purpose must be register, sign-in or reset",
  rememberMeInvalid: "Say whether to keep you signed in (true or false)",
  phoneCodeWrong: "That code is not right. Tries left: {attemptsLeft}.",
  phoneCodeExpired: "This code has expired. Ask for a new one.",
  phoneTaken: "This mobile number already belongs to another account.",
  phoneVerified: "Your mobile number is verified.",
  emailNeededToShare: "Add an e-mail address to your profile to share by e-mail.",
  internationalPhonesInvalid: "Say whether mobile numbers outside India may be used (true or false)",
  phoneChangeNeedsCode: "Your mobile number is verified: change it with a code sent to the new number.",
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

/** A message of the catalogue by its key (`invalidCredentials`). */
export type MessageKey = keyof typeof messages;

// The {placeholders} of an English text, read from its type: "Parameter {code} already exists" → "code".
type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The values a message's placeholders take, typed from its English text. */
export type MessageParams<K extends MessageKey> = {
  readonly [P in PlaceholdersOf<(typeof messages)[K]>]: string | number;
};

/** Keys of the messages that have no placeholder. */
export type PlainMessageKey = {
  [K in MessageKey]: [PlaceholdersOf<(typeof messages)[K]>] extends [never] ? K : never;
}[MessageKey];

/** Keys of the messages with placeholders. */
export type ParamMessageKey = Exclude<MessageKey, PlainMessageKey>;

/** A message to show: its key and, when its text has placeholders, their values. */
export type Message<K extends MessageKey = MessageKey> = K extends PlainMessageKey
  ? { readonly key: K; readonly params?: undefined }
  : { readonly key: K; readonly params: MessageParams<K> };

/** Values of any message's placeholders, as they travel in an error body. */
export type AnyMessageParams = Readonly<Record<string, string | number>>;

/** A message by key, its parameters typed: `message("parameterExists", { code: "HG" })`. */
export function message<K extends PlainMessageKey>(key: K): Message<K>;
export function message<K extends ParamMessageKey>(key: K, params: MessageParams<K>): Message<K>;
export function message(key: MessageKey, params?: AnyMessageParams): Message {
  return (params === undefined ? { key } : { key, params }) as Message;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A message's English text with its values in place. English texts hold plain {placeholders} only,
 * so this is all the formatting English needs; other languages go through the i18n catalogues.
 */
export function englishText(key: MessageKey, params?: AnyMessageParams): string {
  const text: string = messages[key];
  return params === undefined
    ? text
    : text.replace(PLACEHOLDER, (whole, name: string) => {
        const value = params[name];
        return value === undefined ? whole : String(value);
      });
}

/** The English text of a message. */
export const textOf = (said: Message): string => englishText(said.key, said.params);

export const httpErrorMessage = (status: number): string => englishText("httpError", { status });

/**
 * Every message has its own stable code, the snake_case of its key
 * (`invalidCredentials` → `invalid_credentials`), sent as `messageCode` beside the error class `code`
 * so a client can show the message in its reader's language.
 */
export const messageCodeOfKey = (key: MessageKey): string =>
  key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The key of a `messageCode`, if it names a message. */
export const messageKeyOfCode = (code: string): MessageKey | undefined => {
  const key = code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return Object.hasOwn(messages, key) ? (key as MessageKey) : undefined;
};

interface TextPattern {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

let plainByText: Map<string, MessageKey> | undefined;
let patterns: TextPattern[] | undefined;

/**
 * The message an English text says, with its values: for a validation issue of a schema, whose
 * message zod carries as text. Plain texts first (one text, one key); then the texts with
 * placeholders, matched as patterns.
 */
export function messageOfText(text: string): Message | undefined {
  if (plainByText === undefined || patterns === undefined) {
    plainByText = new Map();
    patterns = [];
    for (const [key, english] of Object.entries(messages) as [MessageKey, string][]) {
      const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
      if (names.length === 0) {
        if (!plainByText.has(english)) plainByText.set(english, key);
        continue;
      }
      const source = english
        .split(PLACEHOLDER)
        .map((part, index) => (index % 2 === 1 ? "(.+?)" : escapeRegExp(part)))
        .join("");
      patterns.push({ key, pattern: new RegExp(`^${source}$`, "s"), names });
    }
  }
  const plain = plainByText.get(text);
  if (plain !== undefined) return { key: plain } as Message;
  for (const { key, pattern, names } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => (params[name] = match[index + 1] ?? ""));
    return { key, params } as Message;
  }
  return undefined;
}
