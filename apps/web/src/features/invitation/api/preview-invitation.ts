import { useEffect, useState } from "react";

import { invitationPreviewSchema, type InvitationPreview } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /invitations/preview (public): whose invitation the link is; 400 invitationInvalid. */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest("/invitations/preview", {
    method: "POST",
    body: { token },
    auth: false,
    schema: invitationPreviewSchema,
  });
}

export type PreviewState =
  | { status: "loading" }
  | { status: "ready"; preview: InvitationPreview }
  | { status: "failed"; error: unknown };

/** The preview of the link's invitation, asked once per token (the page has no query client). */
export function useInvitationPreview(token: string): PreviewState {
  const [state, setState] = useState<{ token: string; value: PreviewState }>({
    token,
    value: { status: "loading" },
  });
  useEffect(() => {
    let live = true;
    previewInvitation(token).then(
      (preview) => live && setState({ token, value: { status: "ready", preview } }),
      (error: unknown) => live && setState({ token, value: { status: "failed", error } }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return state.token === token ? state.value : { status: "loading" };
}
