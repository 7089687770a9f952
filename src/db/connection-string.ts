// DATABASE_URL in every form a PostgreSQL user is likely to paste, brought to the one form the `pg`
// driver reads (a postgresql:// URI), so that nothing past the config has to care which form it was:
//
//   postgresql://user:pw@host:5432/db?sslmode=require      URI (also postgres://)
//   postgresql://postgres@/postgres?host=/run/pg-sockets    URI with an empty host and a socket directory
//   postgresql://%2Frun%2Fpg-sockets/db                     URI with a percent-encoded socket directory
//   host=/run/pg-sockets dbname=db user=u password='a b'    libpq keyword/value form
//   socket:/run/pg-sockets?db=db   and   /run/pg-sockets db  the driver's own socket forms
//
// libpq's several-hosts form (host=a,b or postgresql://a,b/db) is refused with a clear message: the
// driver connects to one host. A value that is none of the above is refused without being echoed (it
// may hold a password).
import pg from 'pg';

export class DatabaseUrlError extends Error {}

const URI_SCHEME = /^(postgres|postgresql):\/\//i;
// libpq keyword/value pairs: key = value, value bare or single-quoted with \' and \\ escapes.
const KEYWORD_PAIR = /\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*('(?:[^'\\]|\\.)*'|[^\s']*)/y;
// libpq keywords that become the URI's parts; any other keyword (sslmode, application_name, options,
// ...) goes to the URI's query as is, where the driver reads it.
const KEYWORD_TO_URI_PART: Record<string, 'host' | 'hostaddr' | 'port' | 'dbname' | 'user' | 'password'> = {
  host: 'host',
  hostaddr: 'hostaddr',
  port: 'port',
  dbname: 'dbname',
  user: 'user',
  password: 'password',
};

/** The keyword/value pairs of a libpq connection string, or null when the text is not one. */
function parseKeywordValue(text: string): Map<string, string> | null {
  const pairs = new Map<string, string>();
  KEYWORD_PAIR.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    KEYWORD_PAIR.lastIndex = at;
    const m = KEYWORD_PAIR.exec(text);
    if (!m || m.index !== at || m[0].length === 0) return null;
    const raw = m[2];
    const value = raw.startsWith("'") ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    pairs.set(m[1].toLowerCase(), value);
    at = KEYWORD_PAIR.lastIndex;
  }
  return pairs.size ? pairs : null;
}

function keywordValueToUri(pairs: Map<string, string>): string {
  const query = new URLSearchParams();
  let database = '';
  for (const [key, value] of pairs) {
    const part = KEYWORD_TO_URI_PART[key];
    if (part === 'dbname') database = value;
    // hostaddr is the numeric address libpq connects to without a name lookup: the driver's host.
    else if (part === 'hostaddr') {
      if (!pairs.has('host')) query.set('host', value);
    } else query.set(part ?? key, value);
  }
  const search = query.toString();
  return `postgresql:///${encodeURIComponent(database)}${search ? `?${search}` : ''}`;
}

/**
 * DATABASE_URL as a postgresql:// URI the driver reads, from any of the forms above. Throws a
 * DatabaseUrlError saying what is wrong (never quoting the value) when it is none of them.
 */
export function normalizeDatabaseUrl(value: string): string {
  const text = value.trim();
  let uri: string;
  if (URI_SCHEME.test(text)) {
    const authority = text.replace(URI_SCHEME, '').split(/[/?#]/, 1)[0];
    if (authority.slice(authority.lastIndexOf('@') + 1).includes(',')) {
      throw new DatabaseUrlError('names several hosts; the driver connects to one: give one host (or put a load balancer or pgbouncer in front)');
    }
    uri = text;
  } else if (/^socket:/i.test(text)) {
    const parsed = new URL(text);
    const query = new URLSearchParams(parsed.search);
    const database = query.get('db') ?? '';
    query.delete('db');
    query.set('host', decodeURIComponent(parsed.pathname));
    if (parsed.username) query.set('user', decodeURIComponent(parsed.username));
    if (parsed.password) query.set('password', decodeURIComponent(parsed.password));
    uri = `postgresql:///${encodeURIComponent(database)}?${query.toString()}`;
  } else if (text.startsWith('/')) {
    const [host, database = ''] = text.split(/\s+/, 2);
    uri = `postgresql:///${encodeURIComponent(database)}?${new URLSearchParams({ host }).toString()}`;
  } else {
    const pairs = parseKeywordValue(text);
    if (!pairs) {
      throw new DatabaseUrlError('is not a PostgreSQL connection string: use postgresql://user:password@host:port/database, postgresql://user@/database?host=/socket/dir, or host=... dbname=... user=...');
    }
    if ((pairs.get('host') ?? '').includes(',') || (pairs.get('port') ?? '').includes(',')) {
      throw new DatabaseUrlError('names several hosts; the driver connects to one: give one host (or put a load balancer or pgbouncer in front)');
    }
    uri = keywordValueToUri(pairs);
  }
  // The driver's own parser, as the pool will run it (it also reads sslcert/sslkey files here).
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: uri });
  } catch (err) {
    throw new DatabaseUrlError(`cannot be read by the PostgreSQL driver: ${(err as Error).message.replace(text, '***')}`);
  }
  if (!client.host) throw new DatabaseUrlError('names no host');
  if (!Number.isInteger(client.port) || client.port < 1 || client.port > 65535) throw new DatabaseUrlError('has an invalid port');
  return uri;
}

/** Where a connection string points, for logs and errors: host (or socket directory), port and database, never the user or password. */
export function describeDatabaseUrl(uri: string): string {
  const c = new pg.Client({ connectionString: uri });
  return `${c.host}:${c.port}/${c.database ?? c.user ?? ''}`;
}
