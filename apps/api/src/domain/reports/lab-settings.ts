import { COLLECTION_RADIUS_M, SCREENING_VALID_DAYS } from "@lab/contracts";
import { labSettings, type Executor } from "@lab/db";
import { eq } from "drizzle-orm";

/** The lab's settings in force: the columns' defaults while no admin has saved any. */
export async function labSettingsRow(executor: Executor): Promise<{
  onePersonRevocation: boolean;
  screeningValidDays: number;
  collectionRadiusM: number;
  internationalPhones: boolean;
}> {
  const [settings] = await executor.select().from(labSettings).where(eq(labSettings.id, 1));
  return {
    onePersonRevocation: settings?.onePersonRevocation ?? false,
    screeningValidDays: settings?.screeningValidDays ?? SCREENING_VALID_DAYS.default,
    collectionRadiusM: settings?.collectionRadiusM ?? COLLECTION_RADIUS_M.default,
    internationalPhones: settings?.internationalPhones ?? false,
  };
}
