// The import boundaries `npm run lint` checks (issue #26 item 5; ADR 037). Paths are from the repository's root.
// Type-only imports count: a cycle or an import up a layer through types alone still ties the files together.

const WEB = '^apps/web/src/';
const SERVER = '^apps/server/src/';
const PROTOCOL = '^packages/protocol/src/';

/** The web's layers, top down: each may import the ones below it, never one above (README, Layout). */
const WEB_ENTRY = `${WEB}[^/]+$`;
const WEB_ROUTES = `${WEB}routes/`;
const WEB_LAYOUT = `${WEB}layout/`;
/** The features other features build on: who you are (auth), what the server told us (clientConfig), the room. */
const WEB_BASE_FEATURES = `${WEB}features/(auth|clientConfig|room)/`;
const WEB_COMPONENTS = `${WEB}components/`;
const WEB_SHARED = `${WEB}(i18n|lib)/`;

/** The server's shared folders: what every feature may import; they import no feature and nothing above them. */
const SERVER_SHARED = `${SERVER}(commands|config|db|http|limits|observability|startup|upstream)/`;
/** The edges put the features together: the entry (main.ts, app.ts), the socket edge, the jobs, the metrics. */
const SERVER_EDGES = `${SERVER}([^/]+$|(metrics|realtime|retention)/)`;
/** Who is asking: the one feature every other may import. */
const SERVER_AUTH = `${SERVER}auth/`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Files that import each other, directly or round a loop, even by types alone.',
      severity: 'error',
      from: { path: `(${WEB}|${SERVER}|${PROTOCOL})` },
      to: { circular: true },
    },

    // The protocol: pure for everyone, schemas for the server (ADR 033).
    {
      name: 'protocol-pure-without-zod',
      comment: 'A pure protocol file imports neither zod nor a schema file at run time (types alone are fine).',
      severity: 'error',
      from: { path: PROTOCOL, pathNot: [`${PROTOCOL}schemas(/|\\.ts$)`, '\\.test\\.ts$'] },
      to: { path: ['(^|/)node_modules/zod/', `${PROTOCOL}schemas(/|\\.ts$)`], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'protocol-imports-no-app',
      comment: 'The protocol is below both apps.',
      severity: 'error',
      from: { path: PROTOCOL },
      to: { path: '^apps/' },
    },
    {
      name: 'web-without-zod',
      comment: 'The web takes the pure door only: the schema door and zod would grow every page (ADR 033).',
      severity: 'error',
      from: { path: WEB },
      to: { path: ['(^|/)node_modules/zod/', `${PROTOCOL}schemas(/|\\.ts$)`], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'apps-apart',
      comment: 'The server and the web share code through packages/protocol only.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },

    // The web: routes -> layout -> features -> base features -> components -> i18n, lib.
    {
      name: 'web-shared-imports-nothing-above',
      severity: 'error',
      from: { path: WEB_SHARED },
      to: { path: WEB, pathNot: [WEB_SHARED] },
    },
    {
      name: 'web-components-import-no-feature-layout-or-route',
      severity: 'error',
      from: { path: WEB_COMPONENTS },
      to: { path: WEB, pathNot: [WEB_COMPONENTS, WEB_SHARED] },
    },
    {
      name: 'web-features-import-base-features-and-below',
      comment: "A feature imports the base features and the shared layers, never another feature's insides.",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: WEB_BASE_FEATURES },
      to: {
        path: WEB,
        pathNot: [`${WEB}features/$1/`, WEB_BASE_FEATURES, WEB_COMPONENTS, WEB_SHARED, `${WEB}test/`],
      },
    },
    {
      name: 'web-base-features-import-no-other-feature',
      comment: 'auth, clientConfig and room are what the other features build on; they import no other feature.',
      severity: 'error',
      from: { path: WEB_BASE_FEATURES },
      to: { path: WEB, pathNot: [`${WEB}features/$1/`, WEB_COMPONENTS, WEB_SHARED, `${WEB}test/`] },
    },
    {
      name: 'web-layout-imports-no-route',
      severity: 'error',
      from: { path: WEB_LAYOUT },
      to: { path: [WEB_ROUTES, WEB_ENTRY] },
    },
    {
      name: 'web-routes-import-no-entry',
      severity: 'error',
      from: { path: WEB_ROUTES },
      to: { path: WEB_ENTRY },
    },
    {
      name: 'web-test-helpers-for-tests-only',
      comment: 'src/test/ holds test helpers; the app never imports them.',
      severity: 'error',
      from: { path: WEB, pathNot: [`${WEB}test/`, '\\.test\\.tsx?$'] },
      to: { path: `${WEB}test/` },
    },

    // The server: the edges -> the features (any other folder) -> auth/ -> the shared folders.
    {
      name: 'server-features-import-no-feature-across',
      comment: 'chat/ -> rooms/ and the like: what two features share goes down into a shared folder.',
      severity: 'error',
      from: { path: `${SERVER}([^/]+)/`, pathNot: [SERVER_SHARED, SERVER_EDGES, SERVER_AUTH] },
      to: { path: SERVER, pathNot: [`${SERVER}$1/`, SERVER_SHARED, SERVER_AUTH, `${SERVER}metrics/`] },
    },
    {
      name: 'server-auth-imports-no-feature',
      comment: 'Every feature may ask auth/ who is asking, so auth/ imports none of them, nor the edges.',
      severity: 'error',
      from: { path: SERVER_AUTH },
      to: { path: SERVER, pathNot: [SERVER_AUTH, SERVER_SHARED] },
    },
    {
      name: 'server-shared-imports-no-feature',
      comment: 'The shared folders sit below the features and the edges (auth/sessions.ts only, for who is asking).',
      severity: 'error',
      from: { path: SERVER_SHARED },
      to: { path: SERVER, pathNot: [SERVER_SHARED, `${SERVER}auth/sessions\\.ts$`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
