import { CustomerProfile } from "@/features/profile/components/customer-profile";

export default function ProfileRoute() {
  return <CustomerProfile />;
}
