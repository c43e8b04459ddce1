import { LOT_CODE_PATTERN, SAMPLE_READER_ROLES, normaliseLotCode } from "@lab/contracts";
import type { RequestHandler } from "express";

import { getCustomer } from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { ownLotByCode } from "../../domain/farms/crops";
import { memberOf } from "../../http/authenticate";
import { notFound } from "../../lib/app-error";
import { renderLotCard } from "../../pdf/lot-card";

/** Where a lot card's QR code leads: the lot's public page. */
export const lotPageUrl = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/+$/, "")}/lots/${encodeURIComponent(code)}`;

/** GET /lots/{code}/card.pdf: members (not billing) of the lot's organisation, in their language. */
export function lotCardHandler(ctx: DomainContext): RequestHandler {
  return async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const code = normaliseLotCode(String(req.params["code"]));
    if (!LOT_CODE_PATTERN.test(code)) throw notFound("lotNotFound");
    const lot = await ownLotByCode(ctx.db, member, code);
    const { language } = await getCustomer(ctx, member.id);
    const pdf = await renderLotCard({
      code: lot.code,
      farmName: lot.farmName,
      pondCode: lot.pondCode,
      species: lot.species,
      expectedOn: lot.expectedOn,
      quantityKg: lot.quantityKg,
      // A buyer named by hand wins over the buyer's organisation in the portal.
      buyerName: lot.buyerName ?? lot.buyerOrganisationName,
      url: lotPageUrl(ctx.publicUrl, lot.code),
      language,
    });
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="lot-${lot.code}.pdf"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  };
}
