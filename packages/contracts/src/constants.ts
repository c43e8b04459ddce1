// The product's business constants and limits (docs/product-rules.md explains where each applies).
export const TOKEN_DEFAULT_LIFETIME_S = 3600;
export const TOKEN_DEFAULT_TYPE = "Bearer";
export const LOGOUT_BEFORE_EXPIRY_S = 60;
export const TOAST_DURATION_MS = 5000;
export const HIGHLIGHT_DURATION_MS = 3000;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_S = 300;
export const VERIFICATION_RESEND_AFTER_S = 60;
export const VERIFICATION_MAX_ATTEMPTS = 3;
export const EMAIL_CHECK_DEBOUNCE_MS = 800;

export const DESKTOP_MIN_WIDTH_PX = 1024;
export const PHONE_MAX_WIDTH_PX = 640;
export const DASHBOARD_RECENT_ITEMS = 3;

/**
 * The laboratory as the certificate of analysis and the web site name it: one name, accreditation and
 * address (its phone, +91 44, and its jobs are in Chennai too).
 */
export const LAB_IDENTITY = {
  name: "AquaTest Laboratory",
  accreditation: "ISO/IEC 17025:2017 accredited testing laboratory",
  address: "Plot 12, Coastal Aquaculture Park, Chennai, Tamil Nadu, India",
} as const;

/** The samples summary export: its title and columns, in the CSV and the PDF (the product's wording). */
export const SAMPLE_EXPORT_TITLE = "Sample Summary Report";
export const SAMPLE_EXPORT_COLUMNS = [
  "Sample ID",
  "Status",
  "Sampler Name",
  "Location",
  "Category",
  "Sub-category",
  "Created At",
  "Updated At",
] as const;
/** The most samples one PDF export holds; above it the server asks for a narrower period. */
export const SAMPLE_EXPORT_PDF_MAX_ROWS = 1000;
/**
 * A searched list counts its matches up to this many: past it the total is a floor
 * ("10,000+"). Counting every match of a term that matches a whole ledger costs a read of every row.
 */
export const SAMPLE_SEARCH_COUNT_CAP = 10_000;

/**
 * Staff roles. Here, in a module without zod, so the web's session code can read them without
 * pulling the schema library into the sign-in page's bundle (docs/architecture.md, the /login budget).
 */
export const STAFF_ROLES = ["analyst", "reviewer", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
