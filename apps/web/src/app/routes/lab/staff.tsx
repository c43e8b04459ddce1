import { StaffPage } from "@/features/lab-staff/components/staff-page";

export default function LabStaffRoute() {
  return <StaffPage />;
}
