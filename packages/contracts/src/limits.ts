// Length limits of request fields, shared by the schemas (the server refuses more) and the web inputs
// (`maxLength`, so a person cannot type more than is kept). Every limit has a plain message.
import { englishText } from "./messages";

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
export const PHONE_MAX = 32;
export const COMPANY_MAX = 160;
export const ADDRESS_MAX = 500;
export const LOCATION_TEXT_MAX = 2000;
export const PLACE_ID_MAX = 200;
export const SAMPLER_ID_MAX = 100;
export const SHRIMP_CATEGORY_MAX = 60;
export const TEST_TYPE_MAX = 80;
export const TEST_TYPES_MAX = 6;
export const FARMERS_MAX = 200;
export const SEARCH_QUERY_MAX = 100;
export const EMAIL_CHECK_MAX = 320;
export const STATUS_NOTE_MAX = 500;
export const REPORT_VALUE_MAX = 80;
export const REPORT_UNIT_MAX = 40;
export const REPORT_LIMIT_MAX = 80;
export const REPORT_METHOD_MAX = 120;
export const REPORT_SECTION_MAX = 2000;
export const REPORT_REVIEW_MAX = 4000;
export const REPORT_TESTS_MAX = 6;
export const REVOKE_REASON_MAX = 1000;
export const EMAIL_SUBJECT_MAX = 200;

/** The plain message of a length limit: "Name must be 120 characters or fewer." */
export const tooLong = (label: string, max: number): string => englishText("tooLong", { label, max });

/** The plain message of a list limit: "Choose at most 6 test types." */
export const tooMany = (things: string, max: number): string => englishText("tooMany", { things, max });
