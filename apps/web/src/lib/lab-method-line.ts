import type { Parameter } from "@lab/contracts";

import { translate } from "@/lib/i18n/i18n";

/** "LC-MS/MS · µg/kg · LOD 0.03 · LOQ 0.1" */
export function methodLine(parameter: Parameter): string {
  return [
    parameter.method,
    parameter.unit,
    parameter.lod !== null ? translate("lab.method.lod", { value: parameter.lod }) : null,
    parameter.loq !== null ? translate("lab.method.loq", { value: parameter.loq }) : null,
    parameter.methodRole === "screening" ? translate("lab.method.screening") : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
