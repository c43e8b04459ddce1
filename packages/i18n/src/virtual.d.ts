// The modules ./vite-plugin.ts serves. Referenced by the web app's tsconfig.
declare module "virtual:i18n/loaders" {
  import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

  export const loaders: Record<
    string,
    Record<string, () => Promise<{ default: Record<string, CompiledMessage> }>>
  >;
}
