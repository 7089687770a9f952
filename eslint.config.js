// `npm run lint` (also a step of `npm test`): the TypeScript parser, a few focused rules, and the
// import boundaries that keep the layering as new folders arrive. The layers, what each folder does
// and why are described once, in ARCHITECTURE.md ("The layers"); LAYERS, FOUNDATION and
// COMPOSITION_ROOT below are that list as the linter reads it: change both together.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** The service's code by layer, lowest (most depended upon) first. */
const LAYERS = [
  ['src/venues'],
  ['src/catalog', 'src/recorder', 'src/trading', 'src/accounts'],
  ['src/embeddings'],
  ['src/search', 'src/matching', 'src/market-data'],
  ['src/indexers'],
  ['src/http', 'src/ws', 'src/metrics'],
  // features built on the HTTP and stream layers: each one folder with its repository, service, routes and one wiring function
  ['src/cross-venue'],
];
const COMPOSITION_ROOT = ['src/service.ts', 'src/main.ts', 'src/features'];
const FOUNDATION = ['src/db', 'src/util', 'src/health'];
const SERVICE_CODE = ['src'];
const OUTSIDE_THE_SERVICE = ['scripts', 'test', 'bench', 'mcp'];
/** The MCP server: a client of a deployment, through the typed client (client/) only. */
const MCP_SERVER = 'mcp';

/**
 * The service's code that must not use src/sim: everything but src/sim itself and the venue
 * simulators with their seeds (src/venues/<code>/sim/). Scripts, tests and
 * benchmarks may use it too.
 */
const SIM_NON_USERS = [
  'src/*.ts', 'src/!(sim|venues)/**/*', 'src/venues/*.ts', 'src/venues/*/*.ts', 'src/venues/*/!(sim)/**/*',
];

const at = (p) => `./${p}`;

const READ_CONFIG = { object: 'process', property: 'env', message: 'Read settings from the validated config (src/config.ts).' };
const DECLARE_ROUTES = { property: 'registerPath', message: 'Declare the route with defineRoute (src/http/define-route.ts): it registers the OpenAPI operation.' };

function layerZones() {
  const zones = [];
  LAYERS.forEach((layer, i) => {
    const above = [...LAYERS.slice(i + 1).flat(), ...COMPOSITION_ROOT];
    for (const target of layer) {
      zones.push({ target: at(target), from: above.map(at), message: `${target} sits below what it imports here: see the layers in ARCHITECTURE.md.` });
    }
  });
  for (const target of FOUNDATION) {
    zones.push({
      target: at(target),
      from: [...LAYERS.flat(), ...COMPOSITION_ROOT, 'src/sim', 'src/config.ts'].map(at),
      message: `${target} is the foundation every layer uses: it imports nothing of theirs.`,
    });
  }
  zones.push({
    target: SERVICE_CODE.map(at),
    from: OUTSIDE_THE_SERVICE.map(at),
    message: 'The service never imports scripts/, test/, bench/ or mcp/.',
  });
  zones.push({
    target: at(MCP_SERVER),
    from: [...SERVICE_CODE, 'scripts', 'test', 'bench', 'web'].map(at),
    message: 'mcp/ talks to a deployment through the typed client (client/) only: see ARCHITECTURE.md.',
  });
  zones.push({
    target: SIM_NON_USERS.map(at),
    from: at('src/sim'),
    // types.ts is the simulator contract (types only, no code): the venue descriptors declare their
    // lazily imported simulator factory with it, and src/venues/simulators.ts starts them through it.
    except: ['./types.ts'],
    message: 'src/sim is for the venue simulators, scripts, tests and benchmarks only.',
  });
  zones.push({
    target: at('src/sim'),
    from: at('src/venues/*/**'),
    message: 'src/sim must not import the venue folders (they import src/sim: a folder cycle).',
  });
  return zones;
}

const boundaryRule = (zones) => ({ 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] });

export default [
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'models/**', '.search-node/**', '.db-server/**', 'bench/results/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
    rules: {
      ...boundaryRule(layerZones()),
      // An unresolved import would slip past the boundaries. The MCP SDK's subpaths ('.../server/mcp.js')
      // go through a wildcard export whose types entry the resolver cannot map; tsc resolves and checks them.
      'import-x/no-unresolved': ['error', { ignore: ['^@modelcontextprotocol/sdk/'] }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-namespace': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'error',
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-self-compare': 'error',
      'no-unsafe-finally': 'error',
      'no-unreachable': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The validated config is the only reader of the environment in the service (entry points:
    // src/main.ts; scripts, tests and benchmarks are entry points of their own).
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts', 'src/main.ts'],
    rules: {
      'no-restricted-properties': ['error', READ_CONFIG],
    },
  },
  {
    // SQL runs in repositories only: a class that runs SQL is a `*-repository.ts` (or part of the
    // database foundation, src/db). Scripts, tests and benchmarks are outside the service and exempt.
    // The selector catches any `.query(` call (pg's Pool, PoolClient and Client all run SQL through it).
    files: ['src/**/*.ts'],
    ignores: ['**/*-repository.ts', 'src/db/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
        message: 'SQL runs in a *-repository.ts file (or src/db): see "Repositories" in ARCHITECTURE.md.',
      }],
    },
  },
  {
    // Every route is declared once, with defineRoute (src/http/define-route.ts), which registers its
    // OpenAPI operation from the same declaration that mounts it; a WebSocket path, with
    // defineStreamPath there. So that module is the only one that calls registerPath.
    files: ['src/**/*.ts'],
    ignores: ['src/http/define-route.ts'],
    // (one rule entry holds both restrictions: a later config's options replace an earlier one's)
    rules: { 'no-restricted-properties': ['error', READ_CONFIG, DECLARE_ROUTES] },
  },
  {
    files: ['src/config.ts', 'src/main.ts'],
    rules: { 'no-restricted-properties': ['error', DECLARE_ROUTES] },
  },
  {
    // The MCP server reads its own environment in one place too.
    files: ['mcp/**/*.ts'],
    ignores: ['mcp/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from the MCP server\'s config (mcp/config.ts).' }],
    },
  },
  {
    // Tests and benchmarks inspect arbitrary JSON; `any` stays out of the service's own boundaries.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
