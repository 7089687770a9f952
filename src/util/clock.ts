// Time as a dependency: services read the clock through this, so tests can move time forward
// (a 10-minute test key expires in a test without sleeping 10 minutes).
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.now()) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
