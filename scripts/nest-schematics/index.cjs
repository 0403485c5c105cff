// The Nest CLI's schematics (`npx nest generate …`, see nest-cli.json) as @nestjs/schematics makes
// them, with one change for this ES-module project: a relative import it writes (`./reviews.service`,
// the new module's line in app.module.ts) gets the `.js` that Node's ES modules and TypeScript's
// NodeNext resolution require. Everything else is the original schematic's.
// A CommonJS file: the schematics engine loads a factory with require().
/* global require, exports */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { chain, externalSchematic } = require('@angular-devkit/schematics');

const RELATIVE_IMPORT = /(from\s+'|import\s*\(\s*')(\.\.?\/[^']*?)(?<!\.js|\.json)'/g;

/** Adds `.js` to the relative imports of the TypeScript files the schematic created or changed. */
function esmImports() {
  return (tree) => {
    for (const action of tree.actions) {
      if (action.kind === 'd' || action.kind === 'r' || !action.path.endsWith('.ts')) continue;
      const text = tree.read(action.path)?.toString('utf8');
      if (text === undefined) continue;
      const esm = text.replace(RELATIVE_IMPORT, "$1$2.js'");
      if (esm !== text) tree.overwrite(action.path, esm);
    }
    return tree;
  };
}

const wrap = (name) => (options) => chain([externalSchematic('@nestjs/schematics', name, options), esmImports()]);

for (const name of [
  'class',
  'controller',
  'decorator',
  'filter',
  'gateway',
  'guard',
  'interceptor',
  'interface',
  'middleware',
  'module',
  'pipe',
  'provider',
  'service',
  'resolver',
  'resource',
]) {
  exports[name] = wrap(name);
}
