/** A job that runs every interval, never overlapping itself, and stops cleanly. */
export interface Poller {
  start(): void;
  /** Runs a pass now (after the current one) and resolves when it is over. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function createPoller(
  intervalMs: number,
  pass: () => Promise<void>,
  onError: (error: unknown) => void,
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const runNow = (): Promise<void> => {
    running = running.then(pass).catch(onError);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
