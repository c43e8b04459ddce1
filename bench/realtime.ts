// Real-time at scale: N concurrent STOMP sessions on one API instance (default 10,000), the server's
// RSS with them connected, and the delay from a staff move (committed) to the customer's frame.
// Run: pnpm --filter @lab/bench realtime [N] [moves] [--postgres]   (--postgres: a fresh database on the
// local server instead of the embedded PGlite)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import WebSocket from "ws";

import { startApiProcess } from "./support/api-process";

const sessions = Number(process.argv[2] ?? 10_000);
const moves = Number(process.argv[3] ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), "bench-rt-"));

const postgres = process.argv.includes("--postgres");
const pgServer = "postgres://postgres@127.0.0.1:5432";
const dbName = `bench_rt_${process.pid}`;
if (postgres) {
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
}
const server = startApiProcess({
  ...(postgres ? { DATABASE_URL: `${pgServer}/${dbName}` } : {}),
  DATA_DIR: dataDir,
  RATE_LIMIT: "off",
  // Every bench socket signs in as one customer; the per-account cap (20) would refuse the rest.
  REALTIME_SESSIONS_PER_ACCOUNT: "100000",
});
const { base } = server;
const stop = () => server.stop();

const json = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
};

/** The server's RSS: pnpm starts tsx, which starts node; the largest process of the group is the API. */
function serverRssMb(): number {
  let best = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (group !== server.pid) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
      best = Math.max(best, kb / 1024);
    } catch {
      // the process exited meanwhile
    }
  }
  return best;
}

function open(token: string, onFrame?: (frame: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, "ws")}/api/ws/websocket`, ["v12.stomp"]);
    socket.on("error", reject);
    socket.on("open", () =>
      socket.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${token}\nheart-beat:0,0\n\n\u0000`),
    );
    socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      if (text.startsWith("CONNECTED")) resolve(socket);
      else onFrame?.(text);
    });
  });
}

await server.ready();
const idle = serverRssMb();
const email = `bench.${Date.now()}@gmail.com`;
const customer = (await json("POST", "/customers/register", {
  fullName: "Bench Farm",
  email,
  password: "Bench#2026x",
})) as { id: number };
// Read the code from the dev mailbox.
let code = "";
for (let i = 0; i < 40 && !code; i += 1) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const box = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as {
    items: { to: string[]; subject: string }[];
  };
  code = /([A-Z0-9]{6})$/.exec(box.items.find((m) => m.to.includes(email))?.subject ?? "")?.[1] ?? "";
}
await json("POST", "/auth/verify-email", { email, code });
const login = (await json("POST", "/customers/login", { email, password: "Bench#2026x" })) as {
  accessToken: string;
};
const staff = (await json("POST", "/lab/login", {
  email: "lab@aquatest.local",
  password: "LabAdmin#2026",
})) as { accessToken: string };
const agents = [
  (await json("POST", "/lab/agents", { name: "A", phone: "9000000071" }, staff.accessToken)) as {
    id: number;
  },
  (await json("POST", "/lab/agents", { name: "B", phone: "9000000072" }, staff.accessToken)) as {
    id: number;
  },
];

// The crowd: N-1 sessions subscribed to the samples topic.
const started = Date.now();
const crowd: WebSocket[] = [];
for (let i = 0; i < sessions - 1; i += 200) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(200, sessions - 1 - i) }, async () => {
      const socket = await open(login.accessToken);
      socket.send("SUBSCRIBE\nid:s\ndestination:/topic/system/shutdown\n\n\u0000");
      return socket;
    }),
  );
  crowd.push(...batch);
}
const connectSeconds = (Date.now() - started) / 1000;
await new Promise((resolve) => setTimeout(resolve, 3000));
const loaded = serverRssMb();

// The measured customer: one more session, subscribed to its notifications.
let waiting: ((at: number) => void) | undefined;
const watcher = await open(login.accessToken, (frame) => {
  if (frame.startsWith("MESSAGE") && frame.includes("sample_agent_changed")) waiting?.(performance.now());
});
watcher.send(`SUBSCRIBE\nid:n\ndestination:/user/${customer.id}/notifications\n\n\u0000`);
await new Promise((resolve) => setTimeout(resolve, 500));
const sample = (await json(
  "POST",
  "/sample-submissions",
  {
    consumerId: customer.id,
    samplerName: "Pond",
    samplerLocation: "Bhimavaram",
    coordinate: { lat: 16.5, lng: 81.5 },
    shrimpCategory: "Tiger Shrimp",
    testTypes: ["Allergen Testing"],
    phoneNumber: "9848022338",
  },
  login.accessToken,
)) as { id: number };
// The dispatcher gives a new sample to the nearest free agent by itself; assigning that same agent
// again is refused ("Cannot move sample from COLLECTING to COLLECTING"). See whom it chose, then
// alternate from the other agent.
let current: number | undefined;
for (const deadline = Date.now() + 5_000; current === undefined && Date.now() < deadline;) {
  const detail = (await json("GET", `/lab/samples/${sample.id}`, undefined, staff.accessToken)) as {
    sample?: { status?: string; agentId?: number | null };
  };
  if (detail.sample?.status === "COLLECTING" && typeof detail.sample.agentId === "number") {
    current = detail.sample.agentId;
  } else await new Promise((resolve) => setTimeout(resolve, 100));
}
const first = current === agents[0]?.id ? 1 : 0;

const delays: number[] = [];
for (let i = 0; i < moves; i += 1) {
  const frame = new Promise<number>((resolve) => {
    waiting = resolve;
  });
  const sent = performance.now();
  // Alternate agents: each move is an "agent changed" notification.
  await json(
    "POST",
    `/lab/samples/${sample.id}/assign`,
    { agentId: agents[(first + i) % 2]?.id },
    staff.accessToken,
  );
  delays.push((await frame) - sent);
}
delays.sort((a, b) => a - b);
const at = (p: number) =>
  (delays[Math.min(delays.length - 1, Math.floor(delays.length * p))] ?? 0).toFixed(1);
console.log(`sessions: ${crowd.length + 1} (connected in ${connectSeconds.toFixed(1)} s)`);
console.log(
  `server RSS: ${idle.toFixed(0)} MB idle, ${loaded.toFixed(0)} MB with the sessions (bar: ≤ 1024 MB)`,
);
console.log(
  `move request sent → notification frame, ${moves} moves: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (bar: p95 ≤ 100 ms from commit)`,
);
for (const socket of [...crowd, watcher]) socket.terminate();
stop();
if (postgres) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
process.exit(0);
