import { SampleLedger } from "@/features/ledger/components/sample-ledger";

export default function LedgerRoute() {
  return <SampleLedger />;
}
