import { MEMBER_ROLES, MEMBER_SCOPES, type MemberRole, type MemberScope } from "@lab/contracts";

import { ROLE_HINTS, ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { Field, Select } from "@/components/ui/input";
import { useT } from "@/lib/i18n/use-t";

interface RoleFieldsProps {
  idPrefix: string;
  role: MemberRole;
  scope: MemberScope;
  onRole: (role: MemberRole) => void;
  onScope: (scope: MemberScope) => void;
}

const isRole = (value: string): value is MemberRole => MEMBER_ROLES.some((role) => role === value);
const isScope = (value: string): value is MemberScope => MEMBER_SCOPES.some((scope) => scope === value);

/** The role and scope selects, the chosen role's meaning under them. */
export function RoleFields({ idPrefix, role, scope, onRole, onScope }: RoleFieldsProps) {
  const { t } = useT("organisation");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${idPrefix}-role`} label={t("organisation.fields.role")} hint={t(ROLE_HINTS[role])}>
        <Select
          id={`${idPrefix}-role`}
          className="min-h-11"
          value={role}
          aria-describedby={`${idPrefix}-role-hint`}
          onChange={(event) => {
            if (isRole(event.target.value)) onRole(event.target.value);
          }}
        >
          {MEMBER_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(ROLE_LABELS[option])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${idPrefix}-scope`} label={t("organisation.fields.scope")}>
        <Select
          id={`${idPrefix}-scope`}
          className="min-h-11"
          value={scope}
          onChange={(event) => {
            if (isScope(event.target.value)) onScope(event.target.value);
          }}
        >
          {MEMBER_SCOPES.map((option) => (
            <option key={option} value={option}>
              {t(SCOPE_LABELS[option])}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
