import { EnquiriesPage } from "@/features/lab/components/enquiries-page";

export default function LabEnquiriesRoute() {
  return <EnquiriesPage />;
}
