import { useParams } from "react-router";

import { normaliseLotCode } from "@lab/contracts";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { LotCheckPage } from "@/features/lots/components/lot-check-page";

export default function LotCheckRoute() {
  const { code = "" } = useParams();
  const normalised = normaliseLotCode(code);
  return (
    <PublicPageLayout>
      <LotCheckPage key={normalised} code={normalised} />
    </PublicPageLayout>
  );
}
