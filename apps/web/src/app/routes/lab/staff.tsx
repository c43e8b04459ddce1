import { StaffPage } from "@/features/lab/components/staff-page";

export default function LabStaffRoute() {
  return <StaffPage />;
}
