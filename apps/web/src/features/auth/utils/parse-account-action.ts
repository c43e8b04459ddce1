// Transitional: lab files still import this from here until helper E2 repoints them.
export * from "@/utils/parse-account-action";
