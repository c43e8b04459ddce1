import { CustomersPage } from "@/features/lab-customers/components/customers-page";

export default function LabCustomersRoute() {
  return <CustomersPage />;
}
