import type { Crop, Farm, Lot, Pond, Sample } from "@lab/contracts";

import { caaStatusOf, indiaDay } from "../domain/farms/calendar";
import type { CropView, LotView } from "../domain/farms/crops";
import type { FarmView, PondView } from "../domain/farms/farms";
import type { SampleLinkView } from "../domain/farms/sample-links";

/** `now`: the CAA status is the registration's on India's calendar today. */
export function presentFarm(row: FarmView, now: Date): Farm {
  return {
    id: row.id,
    providerId: row.providerId,
    name: row.name,
    mpedaEnrolment: row.mpedaEnrolment,
    caaRegistration: row.caaRegistration,
    caaExpiresOn: row.caaExpiresOn,
    caaStatus: caaStatusOf(row.caaExpiresOn, indiaDay(now)),
    stateLicence: row.stateLicence,
    surveyNumbers: row.surveyNumbers,
    areaHa: row.areaHa,
    village: row.village,
    mandal: row.mandal,
    district: row.district,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    boundary: row.boundary,
    pondCount: row.pondCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPond(row: PondView): Pond {
  return {
    id: row.id,
    farmId: row.farmId,
    farmName: row.farmName,
    code: row.code,
    areaHa: row.areaHa,
    lat: row.lat,
    lng: row.lng,
    openCropId: row.openCropId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCrop(row: CropView): Crop {
  return {
    id: row.id,
    pondId: row.pondId,
    pondCode: row.pondCode,
    farmId: row.farmId,
    farmName: row.farmName,
    species: row.species,
    stockedOn: row.stockedOn,
    density: row.density,
    hatcheryName: row.hatcheryName,
    hatcheryRegistration: row.hatcheryRegistration,
    feedBrand: row.feedBrand,
    feedLot: row.feedLot,
    noTreatments: row.noTreatments,
    treatments: row.treatments.map(({ substance, dose, from, to }) => ({ substance, dose, from, to })),
    harvestedOn: row.harvestedOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentLot(row: LotView): Lot {
  return {
    id: row.id,
    code: row.code,
    cropId: row.cropId,
    pondId: row.pondId,
    pondCode: row.pondCode,
    farmId: row.farmId,
    farmName: row.farmName,
    species: row.species,
    expectedOn: row.expectedOn,
    quantityKg: row.quantityKg,
    countPerKg: row.countPerKg,
    buyerName: row.buyerName,
    buyerEic: row.buyerEic,
    buyerOrganisation:
      row.buyerOrganisationId === null || row.buyerOrganisationName === null
        ? null
        : { id: row.buyerOrganisationId, name: row.buyerOrganisationName },
    markets: row.markets,
    phtCertificate: row.phtCertificate,
    harvestedOn: row.harvestedOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type SampleLinkFields = Pick<Sample, "purpose" | "pond" | "cropId" | "lot">;

/**
 * A sample's pond, crop, lot and purpose as optional fields: left out of samples that name none, so
 * the spec's submissions keep the spec's shape.
 */
export function presentSampleLinks(links: SampleLinkView | undefined): SampleLinkFields {
  if (
    !links ||
    (links.purpose === null && links.pond === null && links.cropId === null && links.lot === null)
  )
    return {};
  return { purpose: links.purpose, pond: links.pond, cropId: links.cropId, lot: links.lot };
}
