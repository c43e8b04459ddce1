// What the CLI's parts share: where its output goes, a usage mistake (exit code 2), and its options.
export class UsageError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile?: (path: string) => string;
}

export type Values = Record<string, string | boolean | undefined>;
export const text = (values: Values, key: string): string | undefined => {
  const value = values[key];
  return typeof value === "string" ? value : undefined;
};
