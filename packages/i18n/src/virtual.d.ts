// The module ./vite-plugin.ts serves. Referenced by the web app's tsconfig.
declare module "virtual:i18n/loaders" {
  import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

  /** The namespaces the web app uses (the server-only ones are left out). */
  export const namespaces: string[];
  /** One namespace of one language, compiled. */
  export function loadCatalogue(
    language: string,
    namespace: string,
  ): Promise<{ default: Record<string, CompiledMessage> }>;
}
