import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls check() until it answers true; fails with `what` after ms. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms: number,
  everyMs = 50,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(everyMs);
  }
}
