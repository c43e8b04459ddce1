// The account's language: a choice made here is saved in the profile, and a choice saved
// elsewhere (another device) is taken up here, so the language follows the person.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";

import { languages, type LanguageCode } from "@lab/contracts";

import { useToast } from "@/components/ui/toast";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";
import { useUser } from "@/lib/auth";
import { getLanguage, setLanguage, translate } from "@/lib/i18n/i18n";

import { useCustomer } from "../api/get-customer";
import { useUpdateProfile } from "../api/update-profile";
import { profileErrorMessage } from "../utils/profile-errors";

// Saves under way: a profile read that started before one must not switch the screen back.
let savesInFlight = 0;

/** Saves a language (already on screen) in the account; notifications then re-read in it. */
export function useSaveLanguage() {
  const user = useUser();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { mutateAsync } = update;
  const save = useCallback(
    async (language: LanguageCode) => {
      if (!user) return;
      savesInFlight += 1;
      try {
        await mutateAsync({ id: user.id, changes: { language } });
        // The server renders notification texts in the account's language.
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        const name = languages.find((entry) => entry.code === language)?.nativeName ?? language;
        toast.success(translate("common.languageSaved", { language: name }));
      } catch (error) {
        toast.error(profileErrorMessage(error, "update"));
      } finally {
        savesInFlight -= 1;
      }
    },
    [mutateAsync, queryClient, toast, user],
  );
  return { save, isPending: update.isPending };
}

/** The signed-in shell: reads the profile and shows the language saved in it. */
export function useAccountLanguage(): void {
  const user = useUser();
  const query = useCustomer(user?.id ?? 0, user !== null);
  const saved: LanguageCode | undefined = query.data?.language;
  useEffect(() => {
    if (saved === undefined || savesInFlight > 0 || saved === getLanguage()) return;
    void setLanguage(saved);
  }, [saved]);
}
