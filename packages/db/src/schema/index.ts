export * from "./customers";
export * from "./outbox-mail";
export * from "./verification-codes";
