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

  noUserLoggedIn: "No user logged in.",
  userNotAuthenticated: "User not authenticated",
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
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const httpErrorMessage = (status: number): string => `HTTP error! status: ${status}`;
