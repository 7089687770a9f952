// One HTTP round trip of the tests' request helpers (a real service, test/helpers/service.ts, or the
// real frame around some routers, test/helpers/app.ts): the body parsed as JSON when it is JSON.

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  text: string;
}

/** GET without a body, POST with one, unless `method` says otherwise. */
export async function sendTestRequest(url: string, init: { method?: string; headers: Record<string, string>; body?: string }): Promise<TestResponse> {
  const res = await fetch(url, { method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'), headers: init.headers, body: init.body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
