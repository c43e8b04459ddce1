// `npm run lab -- results`: reads an analyst's results file, CSV (code,value,qualifier) or JSON.
import { enterResultsRequestSchema, type ResultEntry } from "@lab/contracts";
import { CsvError, parse } from "csv-parse/sync";

/** A results file that cannot be read as results; its message says where and why. */
export class ResultsFileError extends Error {}

const COLUMNS = ["code", "value", "qualifier"] as const;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** CSV rows become entries; a value that is not a plain number is refused rather than guessed. */
function csvEntries(content: string): unknown[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(content, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        const unknown = names.find((name) => !(COLUMNS as readonly string[]).includes(name));
        if (unknown !== undefined)
          throw new ResultsFileError(`unknown column "${unknown}": the header is code,value,qualifier`);
        if (!names.includes("code")) throw new ResultsFileError("the header needs a code column");
        return names;
      },
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    if (error instanceof ResultsFileError) throw error;
    if (error instanceof CsvError) throw new ResultsFileError(`not readable CSV: ${error.message}`);
    throw error;
  }
  return rows.map((row, index) => {
    const value = row["value"] ?? "";
    const qualifier = row["qualifier"] ?? "";
    if (value !== "" && !NUMBER.test(value)) {
      throw new ResultsFileError(`line ${index + 2}: value "${value}" is not a number`);
    }
    // Each parameter's range is checked where the parameter is known; a number no double holds
    // (1e999 reads as Infinity) is refused here, where its line is known.
    if (value !== "" && !Number.isFinite(Number(value))) {
      throw new ResultsFileError(`line ${index + 2}: value "${value}" is too large to be a number`);
    }
    return {
      code: row["code"] ?? "",
      ...(value !== "" ? { value: Number(value) } : {}),
      ...(qualifier !== "" ? { qualifier } : {}),
    };
  });
}

function jsonBody(content: string): { results: unknown; note?: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new ResultsFileError("not readable JSON");
  }
  if (Array.isArray(json)) return { results: json };
  if (typeof json === "object" && json !== null && "results" in json) {
    return json;
  }
  throw new ResultsFileError('JSON must be {"results": [...]} or an array of results');
}

/**
 * The request `enterResults` takes, from a file's name and content: `.json` (or content starting
 * with `{` / `[`) is JSON, anything else CSV. `note` from the command line wins over the file's.
 */
export function readResultsFile(
  name: string,
  content: string,
  note: string | undefined,
): { results: ResultEntry[]; note?: string | undefined } {
  const json = name.toLowerCase().endsWith(".json") || /^\s*[[{]/.test(content);
  let body: { results: unknown; note?: unknown };
  try {
    body = json ? jsonBody(content) : { results: csvEntries(content) };
  } catch (error) {
    if (error instanceof ResultsFileError) throw new ResultsFileError(`${name}: ${error.message}`);
    throw error;
  }
  const parsed = enterResultsRequestSchema.safeParse({ ...body, ...(note !== undefined ? { note } : {}) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [field, index] = issue?.path ?? [];
    const where =
      field === "results" && typeof index === "number"
        ? json
          ? `result ${index + 1}: `
          : `line ${index + 2}: `
        : "";
    throw new ResultsFileError(`${name}: ${where}${issue?.message ?? "invalid results"}`);
  }
  return parsed.data;
}
