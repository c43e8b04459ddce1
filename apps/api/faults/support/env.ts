// The fault suite's only reader of process.env: CI mode, and the environment children inherit.

/** Under CI the suite is required: a missing Postgres or Redis binary fails it instead of skipping. */
export const ci = process.env.CI === "true" || process.env.CI === "1";

/** Set for every instance by the suite itself; the outer shell's values must not leak in. */
const OWN = new Set(["DATABASE_URL", "REDIS_URL", "SMTP_URL", "PORT", "DATA_DIR", "NODE_OPTIONS"]);

/** PATH and the like for child processes, plus the suite's own settings. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !OWN.has(name));
  return { ...Object.fromEntries(inherited), ...extra };
}
