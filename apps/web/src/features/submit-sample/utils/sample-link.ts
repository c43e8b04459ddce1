// What a sample may say of where and why it was taken: the farm's pond (and its open crop), the harvest
// lot, and the purpose. All optional; a pre-harvest screening must name its lot.
import { z } from "zod";

import { SAMPLE_PURPOSES, messages, type SamplePurpose, type SampleSubmission } from "@lab/contracts";

export interface SampleLink {
  farmId: number | null;
  pondId: number | null;
  /** The pond's open crop when it was chosen: the crop the sample is of. */
  cropId: number | null;
  lotId: number | null;
  purpose: SamplePurpose | null;
}

export const BLANK_LINK: SampleLink = {
  farmId: null,
  pondId: null,
  cropId: null,
  lotId: null,
  purpose: null,
};

export const isBlankLink = (link: SampleLink): boolean =>
  link.farmId === null && link.pondId === null && link.lotId === null && link.purpose === null;

export const sampleLinkSchema: z.ZodType<SampleLink> = z.object({
  farmId: z.number().int().nullable(),
  pondId: z.number().int().nullable(),
  cropId: z.number().int().nullable(),
  lotId: z.number().int().nullable(),
  purpose: z.enum(SAMPLE_PURPOSES).nullable(),
});

export type LinkField = "farmId" | "pondId" | "lotId" | "purpose";

/** The first problem of the link: a pre-harvest screening without its lot. */
export function linkProblem(link: SampleLink): { field: LinkField; message: string } | null {
  if (link.purpose === "pre_harvest" && link.lotId === null)
    return { field: "lotId", message: messages.preHarvestLotRequired };
  return null;
}

/** The submission's fields of the link: only those chosen, so a sample without them is sent as before. */
export function linkPayload(
  link: SampleLink,
): Pick<SampleSubmission, "pondId" | "cropId" | "lotId" | "purpose"> {
  return {
    ...(link.pondId === null ? {} : { pondId: link.pondId }),
    ...(link.cropId === null ? {} : { cropId: link.cropId }),
    ...(link.lotId === null ? {} : { lotId: link.lotId }),
    ...(link.purpose === null ? {} : { purpose: link.purpose }),
  };
}
