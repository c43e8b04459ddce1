import { EnquiriesPage } from "@/features/lab-enquiries/components/enquiries-page";

export default function LabEnquiriesRoute() {
  return <EnquiriesPage />;
}
