export * from "./customers";
export * from "./outbox-mail";
export * from "./sample-providers";
export * from "./verification-codes";
