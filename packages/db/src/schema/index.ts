export * from "./agents";
export * from "./customers";
export * from "./notifications";
export * from "./outbox-mail";
export * from "./sample-providers";
export * from "./samples";
export * from "./verification-codes";
export * from "./lab";
