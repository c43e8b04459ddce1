import { useMutation, useQueryClient } from "@tanstack/react-query";

import { labSettingsSchema, type LabSettings, type LabSettingsUpdate } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSettingsQueryKey } from "./get-lab-settings";

/** PUT /lab/settings (admin): the change is kept in the settings' history with its author. */
export function updateLabSettings(change: LabSettingsUpdate): Promise<LabSettings> {
  return apiRequest("/lab/settings", {
    auth: "staff",
    method: "PUT",
    body: change,
    schema: labSettingsSchema,
  });
}

export function useUpdateLabSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLabSettings,
    onSuccess: (settings) => queryClient.setQueryData(labSettingsQueryKey, settings),
  });
}
