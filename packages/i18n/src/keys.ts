import type en from "../catalogues/en.json";

/** The English catalogue is the source of the keys: a key it lacks fails the typecheck. */
export type Catalogue = typeof en;
export type Namespace = Extract<keyof Catalogue, string>;
/** "auth.signIn": a namespace, a dot, a key of that namespace. */
export type MessageKey<N extends Namespace = Namespace> = {
  [K in N]: `${K}.${Extract<keyof Catalogue[K], string>}`;
}[N];
/** Values of a message's {placeholders}. */
export type MessageValues = Record<string, string | number | Date | undefined>;
