import { SampleProviders } from "@/features/providers/components/sample-providers";

export default function CustomersRoute() {
  return <SampleProviders />;
}
