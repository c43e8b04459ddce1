import { useT } from "@/lib/i18n/use-t";

type KeepSignedInProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** The sign-in cards' 'Keep me signed in' box: a 30-day refresh cookie instead of a browser-session one. */
export function KeepSignedIn({ checked, onChange }: KeepSignedInProps) {
  const { t } = useT("auth");
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 pr-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-5 shrink-0 accent-teal-700"
      />
      <span className="min-w-0 break-words">{t("auth.keepSignedIn")}</span>
    </label>
  );
}
