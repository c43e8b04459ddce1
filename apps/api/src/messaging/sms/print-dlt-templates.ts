// Prints what the lab registers on DLT, one content template a line (tab-separated): template key,
// language, the DLT template id dlt-templates.json gives it, and the text with {#var#} for each variable.
// Run: pnpm --filter @lab/api exec tsx src/messaging/sms/print-dlt-templates.ts
import { LANGUAGE_CODES } from "@lab/contracts";

import { TEMPLATE_KEYS } from "../templates";
import dltTemplateIds from "./dlt-templates.json";
import { dltRegisteredText } from "./sms-templates";

for (const key of TEMPLATE_KEYS) {
  for (const language of LANGUAGE_CODES) {
    console.log([key, language, dltTemplateIds[key][language], dltRegisteredText(key, language)].join("\t"));
  }
}
