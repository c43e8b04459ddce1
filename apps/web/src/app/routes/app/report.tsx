import { Navigate, useParams } from "react-router";

import { paths } from "@/config/paths";
import { ReportDetail } from "@/features/reports/components/report-detail";

export default function ReportRoute() {
  const { reportId } = useParams();
  if (!reportId) return <Navigate to={paths.reports.href()} replace />;
  return <ReportDetail key={reportId} reportId={reportId} />;
}
