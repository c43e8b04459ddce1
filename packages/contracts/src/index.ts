export * from "./accounts";
export * from "./constants";
export * from "./messages";
export * from "./password";
export * from "./providers";
export * from "./samples";
export * from "./lab";
export * from "./ledger";
