import { ChevronDown, LogOut, MonitorSmartphone, UserRound, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";

import { LanguagePicker } from "@/components/language-picker";
import { paths } from "@/config/paths";
import { signOut } from "@/lib/api/logout";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";
import { formatPhone } from "@/lib/phone";

import { useSaveLanguage } from "../hooks/use-account-language";

import { ProfileSettingsDialog } from "./profile-settings-dialog";
import { SignOutEverywhereDialog } from "./sign-out-everywhere-dialog";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("") || "?";

const itemClass = "flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left text-sm focus:outline-none";

interface MenuItemProps {
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
  /** Red: the item ends something (Logout). */
  danger?: boolean;
}

/** One item of the menu: focus moves by arrow keys (the menu's handler), so it is out of the tab order. */
function MenuItem({ icon: Icon, label, onSelect, danger = false }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={onSelect}
      className={`${itemClass} ${danger ? "text-red-700 hover:bg-red-50 focus:bg-red-50" : "text-slate-800 hover:bg-slate-100 focus:bg-slate-100"}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 break-words">{label}</span>
    </button>
  );
}

/**
 * The top bar's user menu: View Profile (Profile Settings modal), Sign out of all devices, Logout, and
 * the language, saved in the account.
 */
export function UserMenu() {
  const { t } = useT("account");
  const { save: saveLanguage } = useSaveLanguage();
  const user = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [everywhereOpen, setEverywhereOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const languageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  if (!user) return null;

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const picker = languageRef.current?.querySelector("select");
    const onPicker = picker !== null && picker !== undefined && event.target === picker;
    // The language select keeps its own arrow keys; Tab from an item reaches it, Tab from it leaves.
    if (event.key === "Tab" && !event.shiftKey && picker && !onPicker) {
      event.preventDefault();
      picker.focus();
      return;
    }
    if (onPicker && event.key !== "Escape" && event.key !== "Tab") return;
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.findIndex((item) => item === document.activeElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  const onLogout = () => {
    setOpen(false);
    void signOut();
    void navigate(paths.login.href(), { replace: true });
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu"
        aria-label={t("account.userMenu.buttonLabel", { name: user.fullName })}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-teal-700 text-xs font-semibold text-white"
        >
          {initials(user.fullName)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.fullName}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      {/* The panel holds the menu and, beside it rather than in it, the language select: a menu may
          contain only menu items (axe: aria-required-children). */}
      <div
        ref={menuRef}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        <div className="border-b border-slate-100 px-4 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">{user.fullName}</p>
          {/* A member who signed up with a mobile number may have no address: the number names them. */}
          <p className="truncate text-xs text-slate-700">
            {user.email ?? (user.phoneNumber ? formatPhone(user.phoneNumber) : "")}
          </p>
        </div>
        <div id="user-menu" role="menu" aria-label={t("account.userMenu.label")}>
          <MenuItem
            icon={UserRound}
            label={t("account.userMenu.viewProfile")}
            onSelect={() => {
              setOpen(false);
              setSettingsOpen(true);
            }}
          />
          <MenuItem
            icon={MonitorSmartphone}
            label={t("account.userMenu.signOutAll")}
            onSelect={() => {
              setOpen(false);
              setEverywhereOpen(true);
            }}
          />
          <MenuItem icon={LogOut} label={t("account.userMenu.logout")} onSelect={onLogout} danger />
        </div>
        <div ref={languageRef} className="border-t border-slate-100 px-4 py-2">
          <p aria-hidden="true" className="mb-1 text-xs font-medium text-slate-700">
            {t("account.language.title")}
          </p>
          <LanguagePicker onChosen={(language) => void saveLanguage(language)} />
        </div>
      </div>
      <ProfileSettingsDialog
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
      />
      <SignOutEverywhereDialog open={everywhereOpen} onClose={() => setEverywhereOpen(false)} />
    </div>
  );
}
