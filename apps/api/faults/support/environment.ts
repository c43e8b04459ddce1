// One fault test's world: its own Postgres cluster, Redis and SMTP catcher, and API instances on them.
import { beforeEach, inject } from "vitest";

import { startApi, type ApiInstance } from "./api";
import { startPostgres, type PostgresCluster } from "./postgres";
import { startRedis, type RedisServer } from "./redis";
import { startSmtp, type SmtpCatcher } from "./smtp";

export interface Environment {
  postgres: PostgresCluster;
  redis: RedisServer;
  smtp: SmtpCatcher;
  instances: ApiInstance[];
  /** Starts one more instance on the same services. */
  startInstance(name: string): Promise<ApiInstance>;
  /** Each instance's output, for a failing test's message. */
  logs(): string;
  close(): Promise<void>;
}

/** Services plus `count` instances, started together (migrations take an advisory lock). */
export async function startEnvironment(count: number): Promise<Environment> {
  const postgres = await startPostgres(inject("faultsPostgresBin"));
  const redis = await startRedis();
  const smtp = await startSmtp();
  const instances: ApiInstance[] = [];
  const env: Environment = {
    postgres,
    redis,
    smtp,
    instances,
    async startInstance(name) {
      const instance = await startApi(name, {
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        smtpUrl: smtp.url,
      });
      instances.push(instance);
      return instance;
    },
    logs: () => instances.map((i) => `--- ${i.name} ---\n${i.output().slice(-4000)}`).join("\n"),
    async close() {
      await Promise.all(instances.map((instance) => instance.destroy()));
      await smtp.stop();
      await redis.destroy();
      await postgres.destroy();
    },
  };
  try {
    const names = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
    const started = await Promise.allSettled(
      names.map((name) =>
        startApi(name, { databaseUrl: postgres.url, redisUrl: redis.url, smtpUrl: smtp.url }),
      ),
    );
    for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await env.close();
    throw error;
  }
  return env;
}

/** Registers, in the calling describe, that a failing test prints the instances' recent output. */
export function logsOnFailure(current: () => Environment | undefined): void {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      const env = current();
      if (env) console.error(`API instance output:\n${env.logs()}`);
    });
  });
}
