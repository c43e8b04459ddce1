import {
  BookOpen,
  Building2,
  ClipboardList,
  FileText,
  Handshake,
  LayoutDashboard,
  Send,
  Tractor,
  Users,
} from "lucide-react";

import type { NavItem } from "@/components/layouts/app-shell";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";

/**
 * The signed-in app's links for the member's role, and where its logo leads: a billing member has
 * no sample screens and starts at their organisation's page.
 */
export function useAppNavigation(): { navigation: NavItem[]; homeHref: string } {
  const { t } = useT("account", "farms");
  const membership = useMembership();
  const reads = membership?.readsSamples ?? true;
  const writes = membership?.writesSamples ?? true;
  // Only screens that exist and the member's role may use are linked (billing: none of the samples').
  const sampleNavigation: NavItem[] = [
    {
      label: t("account.shell.nav.dashboard"),
      to: paths.dashboard.href(),
      icon: <LayoutDashboard aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.providers"),
      to: paths.customers.href(),
      icon: <Users aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("farms.nav"),
      to: paths.farms.href(),
      icon: <Tractor aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.sharedWithUs"),
      to: paths.shared.href(),
      icon: <Handshake aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    ...(writes
      ? [
          {
            label: t("account.shell.nav.submitSample"),
            to: paths.submitSample.href(),
            icon: <Send aria-hidden="true" className="h-5 w-5 shrink-0" />,
          },
        ]
      : []),
    {
      label: t("account.shell.nav.samples"),
      to: paths.samples.href(),
      icon: <ClipboardList aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.ledger"),
      to: paths.ledger.href(),
      icon: <BookOpen aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
    {
      label: t("account.shell.nav.reports"),
      to: paths.reports.href(),
      icon: <FileText aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
  ];
  const navigation: NavItem[] = [
    ...(reads ? sampleNavigation : []),
    {
      label: t("account.shell.nav.organisation"),
      to: paths.organisation.href(),
      icon: <Building2 aria-hidden="true" className="h-5 w-5 shrink-0" />,
    },
  ];
  return { navigation, homeHref: reads ? paths.dashboard.href() : paths.organisation.href() };
}
