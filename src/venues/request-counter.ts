/**
 * Counts the requests an adapter sends, by wrapping the `fetch` its HTTP clients use (retries are
 * requests too). The venue runtime gives each sync adapter one, so a sync run can report what it
 * cost the venue's rate budget.
 */
export class RequestCounter {
  private n = 0;

  get count(): number {
    return this.n;
  }

  /** `inner` with every call counted. */
  wrap(inner: typeof fetch = globalThis.fetch.bind(globalThis)): typeof fetch {
    return (input, init) => {
      this.n += 1;
      return inner(input, init);
    };
  }
}
