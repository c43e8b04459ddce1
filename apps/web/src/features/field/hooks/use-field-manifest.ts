import { useEffect } from "react";

export const FIELD_MANIFEST_HREF = "/field.webmanifest";

/** Links the field app's web manifest while a field page is open (the portal's other pages have none). */
export function useFieldManifest(): void {
  useEffect(() => {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = FIELD_MANIFEST_HREF;
    document.head.appendChild(link);
    return () => link.remove();
  }, []);
}
