// Browser-safe entry: types, the Lingui glue and Intl formatters. No catalogue is imported here; the
// web app loads them lazily (./vite-plugin.ts), the server from disk (./node.ts).
export type { Catalogue, MessageKey, MessageValues, Namespace } from "./keys";
export type { CompiledMessage, CompiledNamespace } from "./compile";
export { createI18n, translateWith, type Translate } from "./translator";
export { formatDate, formatNumber, type DateStyle } from "./format";
