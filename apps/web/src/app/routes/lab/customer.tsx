import { useParams } from "react-router";

import { CustomerOrganisationPage } from "@/features/lab-customers/components/customer-organisation-page";

export default function LabCustomerRoute() {
  const { organisationId } = useParams();
  const id = Number(organisationId);
  return <CustomerOrganisationPage organisationId={Number.isInteger(id) && id > 0 ? id : null} />;
}
