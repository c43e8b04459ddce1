import { ReportsList } from "@/features/reports/components/reports-list";

export default function ReportsRoute() {
  return <ReportsList />;
}
